import Fluent
import Foundation
import MarketCore

/// One passkey of an account: the credential id the authenticator chose, its public key (COSE,
/// as registered) and its signature counter. Nothing here lets anyone sign in: only the
/// authenticator holds the private key.
final class PasskeyRecord: Model, @unchecked Sendable {
    static let schema = "passkeys"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    /// base64url of the credential id; unique.
    @Field(key: "credential_id") var credentialID: String
    @Field(key: "public_key") var publicKey: Data
    /// The COSE algorithm (-7 ES256, -257 RS256).
    @Field(key: "algorithm") var algorithm: Int
    @Field(key: "sign_count") var signCount: Int64
    @Field(key: "name") var name: String
    /// Comma-separated, as the browser reported them: offered back in later options.
    @Field(key: "transports") var transports: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "last_used_at") var lastUsedAt: Date?

    init() {}

    init(userID: UUID, credentialID: String, publicKey: Data, algorithm: Int, signCount: Int64, name: String,
         transports: [String], createdAt: Date) {
        $user.id = userID
        self.credentialID = credentialID
        self.publicKey = publicKey
        self.algorithm = algorithm
        self.signCount = signCount
        self.name = name
        self.transports = transports.joined(separator: ",")
        self.createdAt = createdAt
    }

    func passkey() throws -> Passkey {
        Passkey(id: try requireID(), name: name, createdAt: createdAt, lastUsedAt: lastUsedAt)
    }
}
