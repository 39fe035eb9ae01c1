import Foundation

/// Cursors travel as opaque URL-safe tokens: base64url of their JSON. Clients must not build them.
enum OpaqueToken {
    static func encode<T: Encodable>(_ value: T) -> String {
        Base64URL.encode((try? JSONEncoder().encode(value)) ?? Data())
    }

    static func decode<T: Decodable>(_ token: String, as type: T.Type) -> T? {
        guard token.count <= 300 else { return nil }
        guard let data = Base64URL.decode(token) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }
}

/// Where the next page of a newest-first list starts: the last row's `seq`, and for lists
/// ordered by a date first (ledger, expenses), that row's date.
struct PageCursor: Codable, Sendable, Equatable, ValidatedToken {
    var seq: Int64
    var at: Date?

    var token: String { OpaqueToken.encode(self) }
}

/// A decoded token that can still be out of range (a hand-edited cursor).
protocol ValidatedToken {
    var isValid: Bool { get }
}

extension ValidatedToken {
    var isValid: Bool { true }
}
