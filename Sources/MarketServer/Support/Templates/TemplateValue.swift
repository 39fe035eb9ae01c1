/// What a page's template reads: its `Encodable` content as plain values (`TemplateEncoder`).
/// The rules for truth, equality and order are Leaf's, so a template means what it meant when
/// LeafKit drew it (`PageTemplatesTests`).
enum TemplateValue: Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([TemplateValue])
    case object([String: TemplateValue])

    /// `#if(x)`: false only for nil and `false`; `0`, `""` and an empty list are true, as in Leaf.
    var passesCondition: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        default: true
        }
    }

    /// What `!`, `&&` and `||` read: a Boolean, a 0 or 1, the words "true" and "false", and
    /// anything else that is not nil as true (Leaf's castable conversion to Bool).
    var truth: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .int(let value): value != 1 && value != 0 ? true : value == 1
        case .double(let value): value != 1 && value != 0 ? true : value == 1
        case .string(let value): Bool(value) ?? true
        case .array, .object: true
        }
    }

    /// The value as text, for comparisons: nil for nothing, lists and objects (Leaf cannot cast them).
    var text: String? {
        switch self {
        case .bool(let value): value.description
        case .int(let value): String(value)
        case .double(let value): value.description
        case .string(let value): value
        case .null, .array, .object: nil
        }
    }

    /// `==`: the same value of one kind, or two scalars that read the same as text ("1" == 1);
    /// nil equals only nil.
    func isEqual(to other: TemplateValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case (.null, _), (_, .null): return false
        case (.bool(let a), .bool(let b)): return a == b
        case (.int(let a), .int(let b)): return a == b
        case (.double(let a), .double(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        default:
            guard let a = text, let b = other.text else { return false }
            return a == b
        }
    }

    /// `<`, `>` and the like: as numbers when both read as numbers, else as text; nil when either
    /// side has no text (Leaf then answers nil, which a condition reads as false).
    func compare(with other: TemplateValue, _ holds: (Double, Double) -> Bool, _ holdsText: (String, String) -> Bool) -> TemplateValue {
        guard let a = text, let b = other.text else { return .null }
        if let x = Double(a), let y = Double(b) { return .bool(holds(x, y)) }
        return .bool(holdsText(a, b))
    }

    /// `count(x)`: the items of a list or object; nil for anything else (a `TemplateError`).
    var count: Int? {
        switch self {
        case .array(let items): items.count
        case .object(let fields): fields.count
        default: nil
        }
    }
}
