import Foundation
import MarketCore
import NIOCore

/// The web app's templates, read once at start: a page's content becomes plain values
/// (`TemplateEncoder`) and each template a tree with its `#extend`s already in place, so drawing
/// one is walking it. The only template engine here (docs/ARCHITECTURE.md says why): the
/// language is Leaf's syntax, the part of it the templates use (`TemplateSyntax`), so an editor's
/// Leaf highlighting works on the `.leaf` files; what it does not read is named at start
/// (`problems`), and a theme (`THEME_DIR`) that uses it does not start. A tree is made for each
/// language: a `#t("…")` without values is that language's text in it, as if written there.
struct PageTemplates: Sendable {
    enum Node: Sendable {
        case text(ByteBuffer)
        case value(TemplateExpression, escaped: Bool)
        case localized(String, [TemplateExpression])
        case conditional([(condition: TemplateExpression?, body: [Node])])
        case loop(item: String, index: String, list: [String], body: [Node])
    }

    private struct Template: Sendable {
        var nodes: [Node]
        var textBytes: Int
    }

    /// By language, then by name.
    private let templates: [String: [String: Template]]
    private let localizers: [String: Localizer]
    /// The templates that cannot be drawn, by name, and why.
    let problems: [String: String]

    /// Reads every `.leaf` file under `directory`, by name without the extension ("partials/nav-links").
    init(directory: String, languages: [Localizer]) {
        let root = URL(fileURLWithPath: directory).standardizedFileURL
        var sources: [String: [UInt8]] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "leaf" {
            let path = file.standardizedFileURL.path
            guard path.hasPrefix(root.path + "/"), let contents = FileManager.default.contents(atPath: path) else { continue }
            sources[String(path.dropFirst(root.path.count + 1).dropLast(".leaf".count))] = Array(contents)
        }
        self.init(sources: sources, languages: languages)
    }

    /// Templates by name (tests give them as text).
    init(sources: [String: [UInt8]], languages: [Localizer] = [.english]) {
        var parsed: [String: Result<[TemplateSyntax], any Error>] = [:]
        for (name, source) in sources { parsed[name] = Result { try TemplateSyntax.parse(source) } }
        var templates: [String: [String: Template]] = [:]
        var problems: [String: String] = [:]
        for localizer in languages {
            for name in sources.keys {
                do {
                    let nodes = try Self.resolve(try parsed[name]!.get(), parsed: parsed, exports: [:], depth: 0, in: localizer)
                    templates[localizer.language, default: [:]][name] = Template(nodes: nodes, textBytes: Self.textBytes(nodes))
                } catch {
                    problems[name] = String(describing: error)
                }
            }
        }
        self.templates = templates
        self.localizers = Dictionary(uniqueKeysWithValues: languages.map { ($0.language, $0) })
        self.problems = problems
    }

    /// The page drawn from `content`'s values.
    func draw<Content: Encodable>(_ name: String, _ content: Content, in localizer: Localizer = .english) throws -> ByteBuffer {
        try Localizer.$current.withValue(localizer) {
            try draw(name, values: TemplateEncoder.encode(content), in: localizer)
        }
    }

    /// The page drawn from its values; `TemplateError` when there is no such template, or a value
    /// is not what an expression needs (a list written as text, the count of a text).
    func draw(_ name: String, values: TemplateValue, in localizer: Localizer = .english) throws -> ByteBuffer {
        let language = templates[localizer.language] == nil ? Localizer.english.language : localizer.language
        guard let template = templates[language]?[name] else { throw TemplateError("no template \(name)" + (problems[name].map { ": \($0)" } ?? "")) }
        guard case .object(let root) = values else { throw TemplateError("\(name) was given no object to draw") }
        var scope = TemplateScope(root: root)
        var output = ByteBufferAllocator().buffer(capacity: template.textBytes + 8192)
        do {
            try Self.draw(template.nodes, &scope, localizer: localizers[language] ?? .english, into: &output)
        } catch let error as TemplateError {
            throw TemplateError("\(name): \(error.description)")
        }
        return output
    }

    // MARK: Drawing

    private static func draw(_ nodes: [Node], _ scope: inout TemplateScope, localizer: Localizer, into output: inout ByteBuffer) throws {
        for node in nodes {
            switch node {
            case .text(let text):
                output.writeImmutableBuffer(text)
            case .value(let expression, let escaped):
                try write(expression.evaluate(scope), escaped: escaped, into: &output)
            case .localized(let key, let arguments):
                let values = try arguments.map { try Self.argument($0.evaluate(scope)) }
                writeEscaped(localizer.string(Phrase(key, values)), into: &output)
            case .conditional(let branches):
                for branch in branches {
                    guard try branch.condition?.evaluate(scope).passesCondition ?? true else { continue }
                    try draw(branch.body, &scope, localizer: localizer, into: &output)
                    break
                }
            case .loop(let item, let index, let list, let body):
                let items: [TemplateValue]
                switch scope.value(at: list) {
                case .array(let values): items = values
                case .null: items = []  // nothing to list
                default: throw TemplateError("#for over \(list.joined(separator: ".")), which is not a list")
                }
                let depth = scope.locals.count
                for (position, value) in items.enumerated() {
                    scope.locals.append(("isFirst", .bool(position == 0)))
                    scope.locals.append(("isLast", .bool(position == items.count - 1)))
                    scope.locals.append((index, .int(position)))
                    scope.locals.append((item, value))
                    try draw(body, &scope, localizer: localizer, into: &output)
                    scope.locals.removeSubrange(depth...)
                }
            }
        }
    }

    /// A value as Leaf writes it: text escaped unless `#unsafeHTML`, numbers and Booleans as
    /// Swift prints them, nothing for nil.
    private static func write(_ value: TemplateValue, escaped: Bool, into output: inout ByteBuffer) throws {
        switch value {
        case .string(let text):
            if escaped { writeEscaped(text, into: &output) } else { output.writeString(text) }
        case .int(let number): output.writeString(String(number))
        case .double(let number): output.writeString(number.description)
        case .bool(let truth): output.writeString(truth.description)
        case .null: break
        case .array, .object: throw TemplateError("a list or an object written as text")
        }
    }

    /// A value given to `#t`: a whole number is a count (it picks the plural), anything else text.
    private static func argument(_ value: TemplateValue) throws -> Phrase.Argument {
        switch value {
        case .int(let number): return .integer(number)
        case .string(let text): return .text(text)
        case .double(let number): return .text(number.description)
        case .bool(let truth): return .text(truth.description)
        case .null: return .text("")
        case .array, .object: throw TemplateError("a list or an object given to #t")
        }
    }

    /// Leaf's escaping (`HTMLText`'s five characters); text without them is copied whole.
    private static func writeEscaped(_ text: String, into output: inout ByteBuffer) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for (i, byte) in bytes.enumerated() {
                guard let entity = HTMLText.entity(for: byte) else { continue }
                output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start..<i])))
                output.writeStaticString(entity)
                start = i + 1
            }
            output.writeBytes(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[start...])))
        }
    }

    // MARK: Reading

    /// The template with what it extends drawn in place: an `#extend` with exports fills the named
    /// template's `#import`s with them; one without passes on the exports in force (Leaf inlines
    /// it before the outer exports are applied). An `#import` with no export draws nothing.
    private static func resolve(_ syntax: [TemplateSyntax], parsed: [String: Result<[TemplateSyntax], any Error>],
                                exports: [String: [Node]], depth: Int, in localizer: Localizer) throws -> [Node] {
        guard depth < 16 else { throw TemplateSyntax.Unsupported("#extend nested more than 16 deep") }
        var nodes: [Node] = []
        func append(_ more: [Node]) {
            for node in more {
                if case .text(var text) = node, case .text(var before)? = nodes.last {
                    before.writeBuffer(&text)
                    nodes[nodes.count - 1] = .text(before)
                } else {
                    nodes.append(node)
                }
            }
        }
        for element in syntax {
            switch element {
            case .text(let bytes):
                append([.text(ByteBuffer(bytes: bytes))])
            case .value(let expression, let escaped):
                nodes.append(.value(expression, escaped: escaped))
            case .localized(let key, let arguments) where arguments.isEmpty:
                append([.text(ByteBuffer(string: HTMLText.escape(localizer.string(Phrase(key)))))])
            case .localized(let key, let arguments):
                nodes.append(.localized(key, arguments))
            case .conditional(let branches):
                nodes.append(.conditional(try branches.map {
                    ($0.condition, try resolve($0.body, parsed: parsed, exports: exports, depth: depth, in: localizer))
                }))
            case .loop(let item, let index, let list, let body):
                nodes.append(.loop(item: item, index: index, list: list,
                                   body: try resolve(body, parsed: parsed, exports: exports, depth: depth, in: localizer)))
            case .extend(let name, let given):
                guard let base = try parsed[name]?.get() else { throw TemplateSyntax.Unsupported("#extend(\"\(name)\"): no such template") }
                let filled = try given?.mapValues { try resolve($0, parsed: parsed, exports: exports, depth: depth + 1, in: localizer) } ?? exports
                append(try resolve(base, parsed: parsed, exports: filled, depth: depth + 1, in: localizer))
            case .import(let key):
                append(exports[key] ?? [])
            case .export:
                throw TemplateSyntax.Unsupported("#export outside #extend")
            }
        }
        return nodes
    }

    private static func textBytes(_ nodes: [Node]) -> Int {
        nodes.reduce(0) { total, node in
            switch node {
            case .text(let text): total + text.readableBytes
            case .conditional(let branches): total + branches.map { textBytes($0.body) }.max()!
            case .loop(_, _, _, let body): total + textBytes(body)
            case .value, .localized: total
            }
        }
    }
}
