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
