/// A template file read in Leaf's syntax, before `#extend` brings in the templates it names.
/// What it reads: text (`\#` for a literal `#`), `#(x)`, `#unsafeHTML(x)`, `#if`/`#elseif`/`#else`,
/// `#for(item in list)` and `#for(index, item in list)`, `#extend` with or without `#export`s,
/// `#import`, `#comment:`, and LeafKit's value tags (`#count`, `#lowercased`, `#uppercased`,
/// `#capitalized`, `#contains`, `#isEmpty`). Anything else a theme may use (`#date`, `#with`,
/// custom tags, longer expressions) makes the template `Unsupported`, and LeafKit draws it.
indirect enum TemplateSyntax {
    case text([UInt8])
    case value(TemplateExpression, escaped: Bool)
    case conditional([(condition: TemplateExpression?, body: [TemplateSyntax])])
    case loop(item: String, index: String, list: [String], body: [TemplateSyntax])
    /// `#extend("name")` draws that template here; with exports (`#extend("name"): #export(…)`),
    /// its `#import`s are filled with them.
    case extend(String, exports: [String: [TemplateSyntax]]?)
    case export(String, [TemplateSyntax])
    case `import`(String)

    struct Unsupported: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func parse(_ source: [UInt8]) throws -> [TemplateSyntax] {
        var parser = TemplateParser(lexer: TemplateLexer(source))
        let (nodes, stop) = try parser.nodes(until: [])
        if let stop { throw Unsupported("#\(stop.name) with nothing open") }
        return nodes
    }
}

/// A tag as written: `#name(parameters):`, the parentheses and the colon each optional.
struct TemplateTag {
    var name: String
    var parameters: String?
    var hasBody: Bool
}

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

/// Builds the tree: each block tag reads nodes up to the tag that ends it.
struct TemplateParser {
    var lexer: TemplateLexer

    /// Tags that end a block; met outside one they make the template unsupported.
    private static let closers: Set<String> = ["elseif", "else", "endif", "endfor", "endextend", "endexport", "endwith", "endcomment"]
    /// LeafKit's own tags: written without parentheses they still mean something to LeafKit, so
    /// a template using them is LeafKit's to draw. Any other `#word` is text (`href="#main"`).
    private static let leafTags: Set<String> = ["unsafeHTML", "lowercased", "uppercased", "capitalized", "contains",
                                                "isEmpty", "date", "count", "comment", "dumpContext", "if", "for",
                                                "extend", "export", "import", "with"]

    mutating func nodes(until stops: Set<String>) throws -> ([TemplateSyntax], TemplateTag?) {
        var nodes: [TemplateSyntax] = []
        while let item = try lexer.next() {
            switch item {
            case .text(let bytes):
                if case .text(let before)? = nodes.last {
                    nodes[nodes.count - 1] = .text(before + bytes)
                } else {
                    nodes.append(.text(bytes))
                }
            case .tag(let tag):
                if stops.contains(tag.name) { return (nodes, tag) }
                nodes.append(try node(for: tag))
            }
        }
        return (nodes, nil)
    }

    private mutating func node(for tag: TemplateTag) throws -> TemplateSyntax {
        switch (tag.name, tag.parameters, tag.hasBody) {
        case ("", let parameters?, false):
            return .value(try TemplateExpressionParser.expression(parameters), escaped: true)
        case ("unsafeHTML", let parameters?, false):
            return .value(try TemplateExpressionParser.expression(parameters), escaped: false)
        case ("if", let parameters?, true):
            return try conditional(firstCondition: TemplateExpressionParser.expression(parameters))
        case ("for", let parameters?, true):
            let (index, item, list) = try TemplateExpressionParser.loop(parameters)
            let (body, stop) = try nodes(until: ["endfor"])
            guard stop != nil, !body.isEmpty else { throw TemplateSyntax.Unsupported("#for without #endfor") }
            return .loop(item: item, index: index, list: list, body: body)
        case ("extend", let parameters?, let hasBody):
            let name = try TemplateExpressionParser.name(parameters)
            guard hasBody else { return .extend(name, exports: nil) }
            let (body, stop) = try nodes(until: ["endextend"])
            guard stop != nil else { throw TemplateSyntax.Unsupported("#extend without #endextend") }
            var exports: [String: [TemplateSyntax]] = [:]
            for case .export(let key, let exported) in body { exports[key] = exported }
            return .extend(name, exports: exports)
        case ("export", let parameters?, true):
            let key = try TemplateExpressionParser.name(parameters)
            let (body, stop) = try nodes(until: ["endexport"])
            guard stop != nil else { throw TemplateSyntax.Unsupported("#export without #endexport") }
            return .export(key, body)
        case ("import", let parameters?, false):
            return .import(try TemplateExpressionParser.name(parameters))
        case (let name, let parameters?, false) where TemplateExpression.Function(rawValue: name) != nil:
            // `#lowercased(x)` writes what `#(lowercased(x))` does.
            return .value(try TemplateExpressionParser.expression("\(name)(\(parameters))"), escaped: true)
        case ("comment", _, true):
            let (_, stop) = try nodes(until: ["endcomment"])
            guard stop != nil else { throw TemplateSyntax.Unsupported("#comment without #endcomment") }
            return .text([])
        case (let name, nil, false) where !Self.leafTags.contains(name) && !Self.closers.contains(name):
            return .text(Array(("#" + name).utf8))
        default:
            throw TemplateSyntax.Unsupported("#\(tag.name)")
        }
    }

    /// `#if(…):` up to its `#endif`, with each `#elseif(…):` and an `#else:` on the way.
    private mutating func conditional(firstCondition: TemplateExpression) throws -> TemplateSyntax {
        var branches: [(condition: TemplateExpression?, body: [TemplateSyntax])] = []
        var condition: TemplateExpression? = firstCondition
        while true {
            let (body, stop) = try nodes(until: condition == nil ? ["endif"] : ["elseif", "else", "endif"])
            branches.append((condition, body))
            switch (stop?.name, stop?.parameters, stop?.hasBody) {
            case ("endif", nil, false):
                return .conditional(branches)
            case ("elseif", let parameters?, true):
                condition = try TemplateExpressionParser.expression(parameters)
            case ("else", nil, true):
                condition = nil
            default:
                throw TemplateSyntax.Unsupported("#if without #endif")
            }
        }
    }
}
