import Foundation

// IDs are lower-case on the wire, the form RFC 9562 recommends (Foundation writes upper case).
// Inside this module's synthesized `Codable` conformances, and any that import it, these
// overloads are more specific than the generic `encode(_:forKey:)`, so every UUID field, optional
// UUID and array of UUIDs is written lower-case. Reading accepts either case, as `UUID` does.
extension KeyedEncodingContainer {
    public mutating func encode(_ value: UUID, forKey key: Key) throws {
        try encode(value.wireString, forKey: key)
    }

    public mutating func encodeIfPresent(_ value: UUID?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value.wireString, forKey: key)
    }

    public mutating func encode(_ value: [UUID], forKey key: Key) throws {
        try encode(value.map { $0.wireString }, forKey: key)
    }

    public mutating func encodeIfPresent(_ value: [UUID]?, forKey key: Key) throws {
        guard let value else { return }
        try encode(value, forKey: key)
    }
}

extension UUID {
    /// The ID as written on the wire and in URLs: lower case.
    public var wireString: String { uuidString.lowercased() }
}
