/// Field name → problem, collected by validation so one response can name every bad field.
public typealias FieldErrors = [String: String]

extension Dictionary where Key == String, Value == String {
    /// Records `message` for `field` unless an earlier rule already reported that field.
    public mutating func note(_ field: String, _ message: String) {
        if self[field] == nil { self[field] = message }
    }
}
