import MarketCore

/// One field of a web form: its label, the value typed (kept when the form comes back with
/// errors), its problem beside it, and a hint; drawn by `html`.
struct FormField: Encodable, TemplateValueConvertible {
    struct Option: Encodable {
        var value: String
        var label: Phrase
        var selected: Bool
    }

    var name: String
    var label: Phrase
    var kind: String = "text"
    var value: String = ""
    var error: Phrase?
    var hint: Phrase?
    var autocomplete: String?
    var inputMode: String?
    var options: [Option] = []
    /// The ids of the hint and error, for `aria-describedby`.
    private var describedBy: String? {
        let ids = [hint.map { _ in name + "-hint" }, error.map { _ in name + "-error" }].compactMap { $0 }
        return ids.isEmpty ? nil : ids.joined(separator: " ")
    }

    private enum CodingKeys: String, CodingKey { case html }

    /// Templates place a field with `#unsafeHTML(field.html)`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(html, forKey: .html)
    }

    var templateValue: TemplateValue { .object(["html": .string(html)]) }

    /// The field as HTML: its label, the control (an input, a drop-down or a text area) with the
    /// value kept, and its hint and problem tied to it for screen readers. Written here, not in a
    /// Leaf partial: a feed page's filters alone were a sixth of its CPU in LeafKit's interpreter
    /// (docs/benchmarks.md, "The read path"). Every text is escaped as Leaf's `#()` would, and
    /// in the language of the page being drawn (`Localizer.current`).
    var html: String {
        let words = Localizer.current
        let name = HTMLText.escape(self.name)
        var described = ""
        if let describedBy { described += #" aria-describedby="\#(HTMLText.escape(describedBy))""# }
        if error != nil { described += #" aria-invalid="true""# }
        var html = #"<div class="field\#(error == nil ? "" : " invalid")">"# + "\n"
        html += #"  <label for="\#(name)">\#(HTMLText.escape(words.string(label)))</label>"# + "\n"
        switch kind {
        case "textarea":
            html += #"  <textarea id="\#(name)" name="\#(name)" rows="5"\#(described)>\#(HTMLText.escape(value))</textarea>"# + "\n"
        case "select":
            html += #"  <select id="\#(name)" name="\#(name)"\#(described)>"# + "\n    "
            for option in options {
                html += #"<option value="\#(HTMLText.escape(option.value))"\#(option.selected ? " selected" : "")>\#(HTMLText.escape(words.string(option.label)))</option>"#
            }
            html += "\n  </select>\n"
        default:
            var attributes = ""
            if let autocomplete { attributes += #" autocomplete="\#(HTMLText.escape(autocomplete))""# }
            if let inputMode { attributes += #" inputmode="\#(HTMLText.escape(inputMode))""# }
            html += #"  <input id="\#(name)" name="\#(name)" type="\#(HTMLText.escape(kind))" value="\#(HTMLText.escape(value))""#
                + attributes + described + ">\n"
        }
        if let hint { html += #"  <p class="hint" id="\#(name)-hint">\#(HTMLText.escape(words.string(hint)))</p>"# + "\n" }
        if let error { html += #"  <p class="error" id="\#(name)-error">\#(HTMLText.escape(words.string(error)))</p>"# + "\n" }
        return html + "</div>"
    }

    init(_ name: String, _ label: Phrase, kind: String = "text", value: String? = nil, errors: FieldErrors = [:],
         hint: Phrase? = nil, autocomplete: String? = nil, inputMode: String? = nil) {
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
    static func select(_ name: String, _ label: Phrase, choices: [(value: String, label: Phrase)], selected: String?,
                       errors: FieldErrors = [:], hint: Phrase? = nil) -> FormField {
        var field = FormField(name, label, kind: "select", errors: errors, hint: hint)
        field.options = choices.map { Option(value: $0.value, label: $0.label, selected: $0.value == (selected ?? "")) }
        return field
    }

    /// "Title must be 3–100 characters": the rule's words after the field's label; a problem
    /// written as a whole sentence stands alone.
    static func sentence(_ label: Phrase, _ problem: Phrase) -> Phrase {
        problem.key.first?.isUppercase == true ? problem : "\(label) \(problem)."
    }
}
