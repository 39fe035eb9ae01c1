/// Escaping for the little HTML written in Swift instead of Leaf (the listing cards, the ledger
/// chart): the same five characters Leaf's `#()` escapes, so text a person typed is only text.
enum HTMLText {
    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
                || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'") }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 16)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
