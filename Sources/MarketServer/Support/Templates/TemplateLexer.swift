/// Splits a template into text and tags, by Leaf's rules: `#` followed by a letter or `(` opens a
/// tag, any other `#` is text, and a backslash before `#` makes it text.
struct TemplateLexer {
    enum Item { case text([UInt8]), tag(TemplateTag) }

    private let source: [UInt8]
    private var offset = 0

    init(_ source: [UInt8]) { self.source = source }

    private static let hash = UInt8(ascii: "#"), backslash = UInt8(ascii: "\\"), colon = UInt8(ascii: ":")
    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")"), quote = UInt8(ascii: "\"")

    static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    mutating func next() throws -> Item? {
        guard offset < source.count else { return nil }
        if source[offset] == Self.hash {
            guard offset + 1 < source.count else { throw TemplateSyntax.Unsupported("a # at the end of the file") }
            let following = source[offset + 1]
            if Self.isLetter(following) || following == Self.open {
                offset += 1
                return .tag(try tag())
            }
            offset += 1
            return .text([Self.hash])
        }
        var text: [UInt8] = []
        while offset < source.count, source[offset] != Self.hash {
            if source[offset] == Self.backslash, offset + 1 < source.count, source[offset + 1] == Self.hash {
                text.append(Self.hash)
                offset += 2
                continue
            }
            text.append(source[offset])
            offset += 1
        }
        return .text(text)
    }

    private mutating func tag() throws -> TemplateTag {
        let nameStart = offset
        while offset < source.count, Self.isLetter(source[offset]) { offset += 1 }
        let name = String(decoding: source[nameStart..<offset], as: UTF8.self)
        var parameters: String?
        if offset < source.count, source[offset] == Self.open {
            parameters = try parenthesized()
        }
        // `#(x):` cannot open a body: its colon stays text, as in Leaf.
        var hasBody = false
        if !name.isEmpty, offset < source.count, source[offset] == Self.colon {
            hasBody = true
            offset += 1
        }
        return TemplateTag(name: name, parameters: parameters, hasBody: hasBody)
    }

    /// What is between `(` and its `)`, strings read whole.
    private mutating func parenthesized() throws -> String {
        offset += 1
        let start = offset
        var depth = 1
        while offset < source.count {
            switch source[offset] {
            case Self.quote:
                offset += 1
                while offset < source.count, source[offset] != Self.quote {
                    offset += source[offset] == Self.backslash ? 2 : 1
                }
            case Self.open:
                depth += 1
            case Self.close:
                depth -= 1
                if depth == 0 {
                    defer { offset += 1 }
                    return String(decoding: source[start..<offset], as: UTF8.self)
                }
            default:
                break
            }
            offset += 1
        }
        throw TemplateSyntax.Unsupported("a ( never closed")
    }
}
