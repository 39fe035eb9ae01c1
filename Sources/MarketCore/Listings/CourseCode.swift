/// Course codes like "MATH 124" or "CS 106B": a department of 2–6 letters, then a 1–4 digit
/// number with an optional letter. Stored upper-cased with one space, so `eecs 281`, `EECS-281`
/// and `EECS281` are one course.
public enum CourseCode {
    public static func normalize(_ text: String) -> String? {
        let upper = text.uppercased().filter { !$0.isWhitespace && !separators.contains($0) }
        let department = upper.prefix { $0.isASCII && $0.isLetter }
        let number = upper.dropFirst(department.count)
        let digits = number.prefix { $0.isASCII && $0.isNumber }
        let suffix = number.dropFirst(digits.count)
        guard (2...6).contains(department.count), (1...4).contains(digits.count),
              suffix.count <= 1, suffix.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return "\(department) \(digits)\(suffix)"
    }

    /// What someone typed so far ("eec", "eecs 2"), in the stored form's shape ("EEC", "EECS 2"),
    /// for finding courses by prefix; nil when it cannot begin a course code.
    public static func prefix(_ text: String) -> String? {
        let upper = text.uppercased().filter { !$0.isWhitespace && !separators.contains($0) }
        let department = upper.prefix { $0.isASCII && $0.isLetter }
        let rest = upper.dropFirst(department.count)
        guard !department.isEmpty, department.count <= 6, rest.count <= 5,
              rest.allSatisfy({ $0.isASCII && ($0.isNumber || $0.isLetter) }) else { return nil }
        return rest.isEmpty ? String(department) : "\(department) \(rest)"
    }

    /// Written between a department and a number: `EECS-281`, `EECS_281`, `EECS.281`, `EECS/281`.
    private static let separators: Set<Character> = ["-", "_", ".", "/"]
}
