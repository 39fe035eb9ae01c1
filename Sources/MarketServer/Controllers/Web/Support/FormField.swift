import MarketCore

/// One field of a web form as `partials/field.leaf` draws it: its label, the value typed (kept
/// when the form comes back with errors), its problem beside it, and a hint.
struct FormField: Encodable {
    struct Option: Encodable {
        var value: String
        var label: String
        var selected: Bool
    }

    var name: String
    var label: String
    var kind: String = "text"
    var value: String = ""
    var error: String?
    var hint: String?
    var autocomplete: String?
    var inputMode: String?
    var options: [Option] = []
    /// The ids of the hint and error, for `aria-describedby`.
    var describedBy: String? {
        let ids = [hint.map { _ in name + "-hint" }, error.map { _ in name + "-error" }].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    private enum CodingKeys: String, CodingKey {
        case name, label, kind, value, error, hint, autocomplete, inputMode, options, describedBy
    }

    /// Written by hand so the template also gets `describedBy`, which is computed.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(kind, forKey: .kind)
        try container.encode(value, forKey: .value)
        try container.encodeIfPresent(error, forKey: .error)
        try container.encodeIfPresent(hint, forKey: .hint)
        try container.encodeIfPresent(autocomplete, forKey: .autocomplete)
        try container.encodeIfPresent(inputMode, forKey: .inputMode)
        try container.encode(options, forKey: .options)
        try container.encodeIfPresent(describedBy, forKey: .describedBy)
    }

    init(_ name: String, _ label: String, kind: String = "text", value: String? = nil, errors: FieldErrors = [:],
         hint: String? = nil, autocomplete: String? = nil, inputMode: String? = nil) {
        self.name = name
        self.label = label
        self.kind = kind
        self.value = value ?? ""
        self.error = errors[name].map { Self.sentence(label, $0) }
        self.hint = hint
        self.autocomplete = autocomplete
        self.inputMode = inputMode
    }

    /// A drop-down of `choices`, with `selected` chosen.
    static func select(_ name: String, _ label: String, choices: [(value: String, label: String)], selected: String?,
                       errors: FieldErrors = [:], hint: String? = nil) -> FormField {
        var field = FormField(name, label, kind: "select", errors: errors, hint: hint)
        field.options = choices.map { Option(value: $0.value, label: $0.label, selected: $0.value == (selected ?? "")) }
        return field
    }

    /// "Title must be 3–100 characters": the rule's words after the field's label.
    static func sentence(_ label: String, _ problem: String) -> String {
        problem.first?.isUppercase == true ? problem : "\(label) \(problem)."
    }
}
