import Foundation

/// Cursors travel as opaque URL-safe tokens: base64url of their JSON. Clients must not build them.
enum OpaqueToken {
    static func encode<T: Encodable>(_ value: T) -> String {
        let data = (try? JSONEncoder().encode(value)) ?? Data()
        return data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode<T: Decodable>(_ token: String, as type: T.Type) -> T? {
        guard token.count <= 300 else { return nil }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let data = Data(base64Encoded: base64) else { return nil }
        return try? JSONDecoder().decode(T.self, from: data)
    }
}

/// Where the next page of a newest-first list starts: the last row's `seq`, and for lists
/// ordered by a date first (ledger, expenses), that row's date.
struct PageCursor: Codable, Sendable, Equatable {
    var seq: Int64
    var at: Date?

    var token: String { OpaqueToken.encode(self) }
}
