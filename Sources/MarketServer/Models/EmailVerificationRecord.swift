import Fluent
import Foundation

/// A link mailed to confirm a campus address. Only the SHA-256 of its token is stored; it works
/// once, for `AppSettings.verificationLinkLifetime`.
final class EmailVerificationRecord: Model, @unchecked Sendable {
    static let schema = "email_verifications"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    /// The campus address the link was mailed to: confirming it makes it the account's.
    @Field(key: "email") var email: String
    @Field(key: "token_hash") var tokenHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, email: String, tokenHash: String, createdAt: Date, expiresAt: Date) {
        $user.id = userID
        self.email = email
        self.tokenHash = tokenHash
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}
