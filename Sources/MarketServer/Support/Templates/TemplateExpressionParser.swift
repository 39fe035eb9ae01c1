/// Reads what is between a tag's parentheses: an expression, a loop's `item in list`, or a
/// template's name (`"partials/nav-links"`).
enum TemplateExpressionParser {
    enum Token: Equatable {
        case word(String)  // a path, a keyword or a function's name
        case string(String)
        case int(Int)
        case double(Double)
        case op(String)
        case open, close, comma
    }

    static func expression(_ text: String) throws -> TemplateExpression {
        let tokens = try tokenize(text)
        var rest = tokens[...]
        let operands = try split(&rest)
        guard rest.isEmpty else { throw TemplateSyntax.Unsupported("(\(text))") }
        return try expression(operands, text)
    }

    /// `item in list` or `index, item in list`: the index's name (Leaf's default `index`), the
    /// item's, and the list's path.
    static func loop(_ text: String) throws -> (index: String, item: String, list: [String]) {
        let tokens = try tokenize(text)
        let words = tokens.map { token -> String? in if case .word(let word) = token { word } else { nil } }
        if tokens.count == 3, let item = words[0], words[1] == "in", let list = words[2], isPath(item), isPath(list) {
            return ("index", item, path(list))
        }
        if tokens.count == 5, let index = words[0], tokens[1] == .comma, let item = words[2], words[3] == "in", let list = words[4],
           isPath(index), isPath(item), isPath(list) {
            return (index, item, path(list))
        }
        throw TemplateSyntax.Unsupported("#for(\(text))")
    }

    /// A template's or an export's name: one string literal.
    static func name(_ text: String) throws -> String {
        let tokens = try tokenize(text)
        guard tokens.count == 1, case .string(let name) = tokens[0] else { throw TemplateSyntax.Unsupported("(\(text))") }
        return name
    }

    /// `#t("key", value, …)`: the catalog's key, a string literal, and the values its
    /// specifiers take, each an expression.
    static func localized(_ text: String) throws -> (key: String, arguments: [TemplateExpression]) {
        var rest = try tokenize(text)[...]
        guard case .string(let key)? = rest.popFirst() else { throw TemplateSyntax.Unsupported("#t(\(text)): a key in quotes first") }
        var arguments: [TemplateExpression] = []
        while let separator = rest.popFirst() {
            guard separator == .comma else { throw TemplateSyntax.Unsupported("#t(\(text))") }
            arguments.append(try expression(try split(&rest), text))
        }
        return (key, arguments)
    }

    /// The operands and operators of one expression, each operand one value or `count(…)`.
    private enum Part { case value(TemplateExpression), op(String) }

    private static func split(_ tokens: inout ArraySlice<Token>) throws -> [Part] {
        var parts: [Part] = []
        while let token = tokens.first {
            tokens.removeFirst()
            switch token {
            case .op(let op):
                parts.append(.op(op))
            case .string(let text):
                parts.append(.value(.literal(.string(text))))
            case .int(let number):
                parts.append(.value(.literal(.int(number))))
            case .double(let number):
                parts.append(.value(.literal(.double(number))))
            case .word(let name) where tokens.first == .open:
                guard let function = TemplateExpression.Function(rawValue: name) else { throw TemplateSyntax.Unsupported(name + "(") }
                tokens.removeFirst()
                var arguments: [TemplateExpression] = []
                while true {
                    arguments.append(try expression(try split(&tokens), name))
                    guard let next = tokens.first, next == .comma || next == .close else { throw TemplateSyntax.Unsupported(name + "( without )") }
                    tokens.removeFirst()
                    if next == .close { break }
                }
                guard arguments.count == function.arity else { throw TemplateSyntax.Unsupported("\(name) of \(arguments.count)") }
                parts.append(.value(.call(function, arguments)))
            case .word(let word):
                parts.append(.value(try value(word)))
            case .close, .comma:
                tokens.insert(token, at: tokens.startIndex)
                return parts
            case .open:
                throw TemplateSyntax.Unsupported("a parenthesis in an expression")
            }
        }
        return parts
    }

    private static func expression(_ parts: [Part], _ text: String) throws -> TemplateExpression {
        switch parts.count {
        case 1:
            if case .value(let value) = parts[0] { return value }
        case 2:
            if case .op("!") = parts[0], case .value(let value) = parts[1] { return .not(value) }
        case 3:
            if case .value(let left) = parts[0], case .op(let symbol) = parts[1], case .value(let right) = parts[2],
               let op = TemplateExpression.Operator(rawValue: symbol) {
                return .binary(left, op, right)
            }
        default:
            break
        }
        throw TemplateSyntax.Unsupported("(\(text))")
    }

    private static func value(_ word: String) throws -> TemplateExpression {
        switch word {
        case "nil": return .literal(.null)
        case "true", "yes": return .literal(.bool(true))
        case "false", "no": return .literal(.bool(false))
        case "in", "self", "this", "_": throw TemplateSyntax.Unsupported(word)
        default:
            guard isPath(word) else { throw TemplateSyntax.Unsupported(word) }
            return .path(path(word))
        }
    }

    private static func isPath(_ word: String) -> Bool {
        !word.isEmpty && !word.hasPrefix(".") && !word.hasSuffix(".") && !word.contains("..")
            && word.utf8.first.map(TemplateLexer.isLetter) == true
    }

    private static func path(_ word: String) -> [String] { word.split(separator: ".").map(String.init) }

    private static let operators = ["==", "!=", "<=", ">=", "&&", "||", "<", ">", "!"]

    static func tokenize(_ text: String) throws -> [Token] {
        let bytes = Array(text.utf8)
        var tokens: [Token] = []
        var i = 0
        func isWordByte(_ byte: UInt8) -> Bool {
            TemplateLexer.isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
        }
        while i < bytes.count {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"):
                i += 1
            case UInt8(ascii: "("): tokens.append(.open); i += 1
            case UInt8(ascii: ")"): tokens.append(.close); i += 1
            case UInt8(ascii: ","): tokens.append(.comma); i += 1
            case UInt8(ascii: "\""):
                var literal: [UInt8] = []
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\"") {
                    if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count { i += 1 }
                    literal.append(bytes[i])
                    i += 1
                }
                guard i < bytes.count else { throw TemplateSyntax.Unsupported("a string never closed") }
                i += 1
                tokens.append(.string(String(decoding: literal, as: UTF8.self)))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = i
                while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                let number = String(decoding: bytes[start..<i], as: UTF8.self)
                if let int = Int(number) {
                    tokens.append(.int(int))
                } else if let double = Double(number) {
                    tokens.append(.double(double))
                } else {
                    throw TemplateSyntax.Unsupported(number)
                }
            default:
                if TemplateLexer.isLetter(byte) || byte == UInt8(ascii: "_") {
                    let start = i
                    while i < bytes.count, isWordByte(bytes[i]) { i += 1 }
                    tokens.append(.word(String(decoding: bytes[start..<i], as: UTF8.self)))
                } else if let op = operators.first(where: { bytes[i...].starts(with: $0.utf8) }) {
                    tokens.append(.op(op))
                    i += op.utf8.count
                } else {
                    throw TemplateSyntax.Unsupported(String(decoding: bytes[i...], as: UTF8.self))
                }
            }
        }
        return tokens
    }
}
