import Fluent
import Foundation

/// A nonce the server issued for one Sign in with Apple. The app passes its SHA-256 to Apple,
/// which puts it in the identity token; a token is accepted only with an unused, unexpired one,
/// so a captured token cannot be replayed.
final class AppleNonceRecord: Model, @unchecked Sendable {
    static let schema = "apple_nonces"

    @ID(key: .id) var id: UUID?
    /// Lower-case hex SHA-256 of the nonce: the value the identity token carries.
    @Field(key: "nonce_hash") var nonceHash: String
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    /// The account a web "link Apple" flow started from; nil for a sign-in.
    @OptionalField(key: "user_id") var userID: UUID?

    init() {}

    init(nonceHash: String, expiresAt: Date, userID: UUID? = nil) {
        self.nonceHash = nonceHash
        self.expiresAt = expiresAt
        self.userID = userID
    }
}
