import Crypto
import Fluent
import Foundation
import MarketCore
import SQLKit

/// Links in notification mail that stop one topic's mail without signing in: the person and the
/// topic, signed with a key every instance reads from the database (`server_keys`), so a link
/// cannot be made for anyone else or for another topic.
struct UnsubscribeLinks {
    let database: any Database

    /// `<person>.<topic>.<signature>`, all base64url.
    func token(for userID: UUID, topic: NotificationTopic) async throws -> String {
        let subject = Self.subject(userID, topic)
        return subject + "." + Base64URL.encode(Data(try await signature(of: subject)))
    }

    /// The person and the topic a token names, or nil for a token this server did not sign.
    func read(_ token: String) async throws -> (userID: UUID, topic: NotificationTopic)? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, token.count < 200, let bytes = Base64URL.decode(parts[0]), bytes.count == 16,
              let topic = NotificationTopic(rawValue: parts[1]), let given = Base64URL.decode(parts[2]) else { return nil }
        let expected = try await signature(of: parts[0] + "." + parts[1])
        // Compared in constant time, as any secret is.
        guard given.count == expected.count, zip(given, expected).reduce(0, { $0 | ($1.0 ^ $1.1) }) == 0 else { return nil }
        let uuid = bytes.withUnsafeBytes { $0.loadUnaligned(as: uuid_t.self) }
        return (UUID(uuid: uuid), topic)
    }

    private static func subject(_ userID: UUID, _ topic: NotificationTopic) -> String {
        Base64URL.encode(withUnsafeBytes(of: userID.uuid) { Data($0) }) + "." + topic.rawValue
    }

    private func signature(of subject: String) async throws -> [UInt8] {
        guard let secret = try await database.sql.raw("SELECT secret FROM server_keys WHERE name = 'unsubscribe'")
            .first(decodingColumn: "secret", as: String.self), let key = Data(base64Encoded: secret) else {
            throw APIError(.serviceUnavailable, code: "server_key_missing", message: "The server's signing key is missing: run the migrations.")
        }
        return Array(HMAC<SHA256>.authenticationCode(for: Data(("unsubscribe|" + subject).utf8), using: SymmetricKey(data: key)))
    }
}
