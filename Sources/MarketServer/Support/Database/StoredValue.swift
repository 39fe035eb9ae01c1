/// Reads an enum the database stores as text. A value this build does not know (a newer
/// version wrote it, or the row was edited by hand) is an error to report, never a silent
/// default that could, say, show a live order as cancelled.
enum StoredValue {
    static func decode<T: RawRepresentable>(_ raw: T.RawValue, as type: T.Type = T.self, column: String) throws -> T {
        guard let value = T(rawValue: raw) else { throw UnknownStoredValue(column: column, value: "\(raw)", type: "\(T.self)") }
        return value
    }
}

struct UnknownStoredValue: Error, CustomStringConvertible {
    let column: String
    let value: String
    let type: String

    var description: String { "\(column) holds '\(value)', which is not a \(type) this server knows" }
}
