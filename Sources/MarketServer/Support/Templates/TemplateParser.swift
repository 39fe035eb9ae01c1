/// Builds the tree: each block tag reads nodes up to the tag that ends it.
struct TemplateParser {
    var lexer: TemplateLexer

    /// Tags that end a block; met outside one they make the template unsupported.
    private static let closers: Set<String> = ["elseif", "else", "endif", "endfor", "endextend", "endexport", "endwith", "endcomment"]
    /// Leaf's own tags: written without parentheses they would mean something to Leaf, so a
    /// template using them that way is refused rather than drawn as text. Any other `#word` is
    /// text (`href="#main"`).
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
        case ("t", let parameters?, false):
            let (key, arguments) = try TemplateExpressionParser.localized(parameters)
            return .localized(key, arguments)
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
