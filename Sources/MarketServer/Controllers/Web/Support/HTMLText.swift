/// Escaping for the little HTML written in Swift instead of Leaf (the listing cards, the ledger
/// chart) and for what `PageTemplates` writes for `#()`: the same five characters Leaf's `#()`
/// escapes, so text a person typed is only text.
enum HTMLText {
    /// The entity written for `byte`, or nil when the byte stands for itself. The five are ASCII,
    /// so they are never part of a longer UTF-8 sequence: text can be escaped byte by byte.
    static func entity(for byte: UInt8) -> StaticString? {
        switch byte {
        case UInt8(ascii: "&"): "&amp;"
        case UInt8(ascii: "<"): "&lt;"
        case UInt8(ascii: ">"): "&gt;"
        case UInt8(ascii: "\""): "&quot;"
        case UInt8(ascii: "'"): "&#39;"
        default: nil
        }
    }

    static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: { entity(for: $0) != nil }) else { return text }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            if let entity = entity(for: byte) {
                entity.withUTF8Buffer { escaped.append(contentsOf: $0) }
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}
