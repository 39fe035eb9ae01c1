import Fluent
import Foundation

/// A challenge the server issued for one WebAuthn ceremony. The signed client data must carry
/// one that is unused, unexpired and for the same ceremony (and, for a registration, the same
/// account), so a captured response cannot be replayed.
final class PasskeyChallengeRecord: Model, @unchecked Sendable {
    static let schema = "passkey_challenges"

    enum Purpose: String {
        case registration
        case authentication
    }

    @ID(key: .id) var id: UUID?
    /// base64url, as the client data carries it; unique.
    @Field(key: "challenge") var challenge: String
    @Field(key: "purpose") var purpose: String
    /// The account adding a passkey; nil for a sign-in.
    @OptionalField(key: "user_id") var userID: UUID?
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?

    init() {}

    init(challenge: String, purpose: Purpose, userID: UUID?, expiresAt: Date) {
        self.challenge = challenge
        self.purpose = purpose.rawValue
        self.userID = userID
        self.expiresAt = expiresAt
    }
}
