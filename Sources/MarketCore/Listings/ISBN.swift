/// ISBN-10 and ISBN-13 parsing. Listings store the ISBN-13 form (digits only), so a search for
/// either form, with or without hyphens, finds the book.
public enum ISBN {
    /// The ISBN-13 digits for `text` (hyphens and spaces ignored), or nil when it is not a valid ISBN.
    public static func normalize(_ text: String) -> String? {
        let compact = text.uppercased().filter { $0 != "-" && $0 != " " }
        guard compact.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == "X") }) else { return nil }
        switch compact.count {
        case 13:
            guard !compact.contains("X"), isValid13(compact) else { return nil }
            return compact
        case 10:
            guard isValid10(compact) else { return nil }
            let stem = "978" + compact.prefix(9)
            return stem + String(checkDigit13(stem))
        default:
            return nil
        }
    }

    /// Whether `text` looks like someone typed an ISBN (so search should look it up exactly).
    public static func looksLikeISBN(_ text: String) -> Bool {
        let compact = text.filter { $0 != "-" && $0 != " " }
        return (compact.count == 10 || compact.count == 13)
            && compact.uppercased().allSatisfy { $0.isASCII && ($0.isNumber || $0 == "X") }
    }

    private static func digits(_ text: String) -> [Int] {
        text.map { $0 == "X" ? 10 : Int(String($0))! }
    }

    private static func isValid13(_ text: String) -> Bool {
        checkDigit13(String(text.prefix(12))) == digits(text)[12]
    }

    private static func checkDigit13(_ twelve: String) -> Int {
        let sum = digits(twelve).enumerated().reduce(0) { $0 + $1.element * ($1.offset % 2 == 0 ? 1 : 3) }
        return (10 - sum % 10) % 10
    }

    private static func isValid10(_ text: String) -> Bool {
        let values = digits(text)
        // Only the check digit may be X.
        guard values.dropLast().allSatisfy({ $0 < 10 }) else { return false }
        let sum = values.enumerated().reduce(0) { $0 + $1.element * (10 - $1.offset) }
        return sum % 11 == 0
    }
}
