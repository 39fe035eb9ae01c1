/// A catalog's text with its values put in, as `String(format:)` would for the specifiers a
/// String Catalog uses: `%@` (a text), `%lld`/`%ld`/`%d` (an integer), `%1$@` (the first value,
/// wherever the language puts it), `%%`, and `%#@name@` (a named part that varies with a count).
/// Hand-written so it runs the same on every platform and never reads past its values: a
/// specifier with no value writes nothing.
struct FormatString {
    /// What a specifier becomes: the value, written for the language.
    var write: (_ position: Int, _ into: inout String) -> Void
    /// A named part's text for the values (nil: none, the specifier is written as it is).
    var substitute: (_ name: String) -> String?
    /// What the literal parts become (the pseudo-locales' accents, mirroring).
    var literal: (Substring) -> String = { String($0) }

    func format(_ text: String) -> String {
        var output = ""
        var next = 0  // the value a specifier without a position takes
        var literalStart = text.startIndex
        var index = text.startIndex
        func flushLiteral(upTo end: String.Index) {
            if literalStart < end { output += literal(text[literalStart..<end]) }
        }
        while index < text.endIndex {
            guard text[index] == "%" else { index = text.index(after: index); continue }
            flushLiteral(upTo: index)
            var cursor = text.index(after: index)
            guard cursor < text.endIndex else { output += "%"; literalStart = cursor; index = cursor; break }
            if text[cursor] == "%" {
                output += "%"
                cursor = text.index(after: cursor)
            } else if text[cursor] == "#", text[text.index(after: cursor)...].hasPrefix("@"),
                      let close = text[text.index(cursor, offsetBy: 2)...].firstIndex(of: "@") {
                let name = String(text[text.index(cursor, offsetBy: 2)..<close])
                output += substitute(name) ?? ""
                cursor = text.index(after: close)
            } else {
                var position: Int?
                var digits = cursor
                while digits < text.endIndex, text[digits].isASCII, text[digits].isNumber { digits = text.index(after: digits) }
                if digits > cursor, digits < text.endIndex, text[digits] == "$" {
                    position = Int(text[cursor..<digits]).map { $0 - 1 }
                    cursor = text.index(after: digits)
                }
                while cursor < text.endIndex, "lhqjzt".contains(text[cursor]) { cursor = text.index(after: cursor) }
                guard cursor < text.endIndex, "@diuxs".contains(text[cursor]) else {
                    output += "%"
                    literalStart = text.index(after: index)
                    index = literalStart
                    continue
                }
                cursor = text.index(after: cursor)
                let value = position ?? next
                if position == nil { next += 1 }
                write(value, &output)
            }
            index = cursor
            literalStart = cursor
        }
        flushLiteral(upTo: text.endIndex)
        return output
    }
}
