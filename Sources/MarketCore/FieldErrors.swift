/// Field name → problem, collected by validation so one response can name every bad field. The
/// problems are phrases: each front end shows them in its reader's language.
public typealias FieldErrors = [String: Phrase]

extension Dictionary where Key == String, Value == Phrase {
    /// Records `message` for `field` unless an earlier rule already reported that field.
    public mutating func note(_ field: String, _ message: Phrase) {
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

extension Dictionary where Key == String, Value == Phrase {
    /// The problems in `localizer`'s language, as the API's error body carries them.
    public func strings(in localizer: Localizer = .current) -> [String: String] {
        mapValues { localizer.string($0) }
    }

    /// Problems a server already wrote in the reader's language (an error body's `fields`).
    public init(written: [String: String]) {
        self = written.mapValues { Phrase.verbatim($0) }
    }
}
