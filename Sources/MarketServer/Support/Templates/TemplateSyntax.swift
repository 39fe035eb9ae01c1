/// A template file read in Leaf's syntax, before `#extend` brings in the templates it names.
/// What it reads: text (`\#` for a literal `#`), `#(x)`, `#unsafeHTML(x)`, `#if`/`#elseif`/`#else`,
/// `#for(item in list)` and `#for(index, item in list)`, `#extend` with or without `#export`s,
/// `#import`, `#comment:`, and Leaf's value tags (`#count`, `#lowercased`, `#uppercased`,
/// `#capitalized`, `#contains`, `#isEmpty`), and our one tag of our own, `#t("key", values…)`: the
/// catalog's words for the page's language (docs/translating.md). Anything else a theme may use (`#date`, `#with`,
/// custom tags, longer expressions) makes the template `Unsupported`: the server does not start.
indirect enum TemplateSyntax {
    case text([UInt8])
    case value(TemplateExpression, escaped: Bool)
    /// `#t("%lld unread", layout.unreadCount)`: the catalog's key and the values it takes.
    case localized(String, [TemplateExpression])
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
