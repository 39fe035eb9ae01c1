/// An expression inside `#( )`, `#if( )` or `#unsafeHTML( )`, in the shapes Leaf itself reads: a
/// value, `!` and a value, or two values and an operator between them. A value is a path into the
/// page (`page.chips`), a literal, or `count(path)`.
indirect enum TemplateExpression: Equatable, Sendable {
    case path([String])
    case literal(Literal)
    case count(TemplateExpression)
    case not(TemplateExpression)
    case binary(TemplateExpression, Operator, TemplateExpression)

    enum Literal: Equatable, Sendable {
        case null, bool(Bool), int(Int), double(Double), string(String)
    }

    enum Operator: String, Equatable, Sendable {
        case equal = "==", unequal = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case and = "&&", or = "||"
    }

    /// Thrown while drawing a page when a value is not what the expression needs (a count of
    /// text, a list written as text): LeafKit draws that page instead, as it always did.
    struct Unsupported: Error {}

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
        case .count(let inner):
            guard let count = try inner.evaluate(scope).count else { throw Unsupported() }
            return .int(count)
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

/// The page's values, and the loop variables in force (`#for(chip in page.chips)`: `chip`,
/// `index`, `isFirst`, `isLast`, as Leaf names them).
struct TemplateScope {
    var root: [String: TemplateValue]
    var locals: [(name: String, value: TemplateValue)] = []

    func value(at path: [String]) -> TemplateValue {
        let first = path[0]
        var value: TemplateValue
        if let local = locals.last(where: { $0.name == first }) {
            value = local.value
        } else {
            value = root[first] ?? .null
        }
        for key in path.dropFirst() {
            guard case .object(let fields) = value, let next = fields[key] else { return .null }
            value = next
        }
        return value
    }
}
