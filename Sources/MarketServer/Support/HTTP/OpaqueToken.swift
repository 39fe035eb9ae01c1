import Foundation
import MarketCore

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
