/// Field name → problem, collected by validation so one response can name every bad field.
public typealias FieldErrors = [String: String]

extension Dictionary where Key == String, Value == String {
    /// Records `message` for `field` unless an earlier rule already reported that field.
    public mutating func note(_ field: String, _ message: String) {
        if self[field] == nil { self[field] = message }
    }

    /// The same problems under the names a form or a contract's body uses (`salePriceCents` →
    /// `salePrice`); a nested field (`textbook.isbn`) is renamed by its full name, else by its
    /// first part.
    public func renamed(_ names: [String: String]) -> FieldErrors {
        var renamed = FieldErrors()
        for (field, problem) in self {
            let key = names[field] ?? names[String(field.split(separator: ".").first ?? "")] ?? field
            renamed.note(key, problem)
        }
        return renamed
    }
}
