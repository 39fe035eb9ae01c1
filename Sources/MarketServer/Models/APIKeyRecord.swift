import Fluent
import Foundation

/// A key an operator issued to an app that speaks a fixed contract (Text Trader's `x-api-key`).
/// Only the SHA-256 of the key is stored, like session tokens.
final class APIKeyRecord: Model, @unchecked Sendable {
    static let schema = "api_keys"

    @ID(key: .id) var id: UUID?
    /// The operator's label for the app holding the key; unique, used to revoke it.
    @Field(key: "name") var name: String
    @Field(key: "key_hash") var keyHash: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(name: String, keyHash: String, createdAt: Date) {
        self.name = name
        self.keyHash = keyHash
        self.createdAt = createdAt
    }
}
