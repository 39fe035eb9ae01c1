import Fluent
import Foundation

/// A bearer token held by one device. Only the SHA-256 of the token is stored, so a copy of
/// the database does not let anyone sign in.
final class UserTokenRecord: Model, @unchecked Sendable {
    static let schema = "user_tokens"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    /// Lower-case hex SHA-256 of the token; unique.
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    /// When the token was issued: the sign-in it proves (from the injectable clock).
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, tokenHash: String, createdAt: Date, expiresAt: Date) {
        self.createdAt = createdAt
        self.$user.id = userID
        self.tokenHash = tokenHash
        self.expiresAt = expiresAt
    }
}
