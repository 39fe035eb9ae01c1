/// An expression inside `#( )`, `#if( )` or `#unsafeHTML( )`, in the shapes Leaf itself reads: a
/// value, `!` and a value, or two values and an operator between them. A value is a path into the
/// page (`page.chips`), a literal, or one of Leaf's own functions (`count(page.photos)`).
indirect enum TemplateExpression: Equatable, Sendable {
    case path([String])
    case literal(Literal)
    case call(Function, [TemplateExpression])
    case not(TemplateExpression)
    case binary(TemplateExpression, Operator, TemplateExpression)

    enum Literal: Equatable, Sendable {
        case null, bool(Bool), int(Int), double(Double), string(String)
    }

    /// The tags that compute a value, named and working as Leaf's (a value that is not what they
    /// need is a `TemplateError`).
    enum Function: String, Equatable, Sendable {
        case count, lowercased, uppercased, capitalized, contains, isEmpty

        var arity: Int { self == .contains ? 2 : 1 }

        func apply(_ arguments: [TemplateValue]) throws -> TemplateValue {
            switch self {
            case .count:
                guard let count = arguments[0].count else { throw TemplateError("count of what is not a list or an object") }
                return .int(count)
            case .lowercased: return .string(try text(arguments[0]).lowercased())
            case .uppercased: return .string(try text(arguments[0]).uppercased())
            case .capitalized: return .string(try text(arguments[0]).capitalized)
            case .isEmpty: return .bool(try text(arguments[0]).isEmpty)
            case .contains:
                guard case .array(let items) = arguments[0] else { throw TemplateError("contains of what is not a list") }
                return .bool(items.contains { $0.isEqual(to: arguments[1]) })
            }
        }

        private func text(_ value: TemplateValue) throws -> String {
            guard let text = value.text else { throw TemplateError("\(self.rawValue) of what is not a text") }
            return text
        }
    }

    enum Operator: String, Equatable, Sendable {
        case equal = "==", unequal = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case and = "&&", or = "||"
    }

    func evaluate(_ scope: TemplateScope) throws -> TemplateValue {
        switch self {
        case .path(let path):
            return scope.value(at: path)
        case .literal(let literal):
            switch literal {
            case .null: return .null
            case .bool(let value): return .bool(value)
            case .int(let value): return .int(value)
            case .double(let value): return .double(value)
            case .string(let value): return .string(value)
            }
        case .call(let function, let arguments):
            return try function.apply(arguments.map { try $0.evaluate(scope) })
        case .not(let inner):
            return .bool(!(try inner.evaluate(scope).truth))
        case .binary(let left, let op, let right):
            let a = try left.evaluate(scope), b = try right.evaluate(scope)
            switch op {
            case .equal: return .bool(a.isEqual(to: b))
            case .unequal: return .bool(!a.isEqual(to: b))
            case .less: return a.compare(with: b, <, <)
            case .lessOrEqual: return a.compare(with: b, <=, <=)
            case .greater: return a.compare(with: b, >, >)
            case .greaterOrEqual: return a.compare(with: b, >=, >=)
            case .and: return .bool(a.truth && b.truth)
            case .or: return .bool(a.truth || b.truth)
            }
        }
    }
}
