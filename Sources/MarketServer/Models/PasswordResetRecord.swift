import Fluent
import Foundation

/// A password reset link sent to an account's email. Only the SHA-256 of its token is stored;
/// it works once, for `AppSettings.passwordResetLifetime`.
final class PasswordResetRecord: Model, @unchecked Sendable {
    static let schema = "password_resets"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, tokenHash: String, createdAt: Date, expiresAt: Date) {
        $user.id = userID
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
