/// CLDR's plural categories, as a String Catalog names its variations.
public enum PluralCategory: String, Sendable, CaseIterable, Codable {
    case zero, one, two, few, many, other

    /// The category of `count` in `language` (its primary subtag), by CLDR's cardinal rules for
    /// integers: English and the like have one and other; Spanish adds many (a million and its
    /// multiples: "1 millón de anuncios"); Arabic has all six.
    public static func of(_ count: Int, in language: String) -> PluralCategory {
        let n = count.magnitude
        switch language {
        case "ar":
            let tail = n % 100
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(tail) { return .few }
                if (11...99).contains(tail) { return .many }
                return .other
            }
        case "es", "fr", "it", "pt":
            if n == 1 { return .one }
            if n != 0, n % 1_000_000 == 0 { return .many }
            return .other
        case "ja", "zh", "ko":
            return .other
        default:
            return n == 1 ? .one : .other
        }
    }
}
