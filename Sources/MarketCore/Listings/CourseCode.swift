/// Course codes like "MATH 124" or "CS 106B": a department of 2–6 letters, then a 1–4 digit
/// number with an optional letter. Stored upper-cased with one space.
public enum CourseCode {
    public static func normalize(_ text: String) -> String? {
        let upper = text.uppercased().filter { !$0.isWhitespace }
        let department = upper.prefix { $0.isASCII && $0.isLetter }
        let number = upper.dropFirst(department.count)
        let digits = number.prefix { $0.isASCII && $0.isNumber }
        let suffix = number.dropFirst(digits.count)
        guard (2...6).contains(department.count), (1...4).contains(digits.count),
              suffix.count <= 1, suffix.allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        return "\(department) \(digits)\(suffix)"
    }
}
