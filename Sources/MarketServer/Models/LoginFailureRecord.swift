import Fluent
import Foundation

/// One failed sign-in. Kept in the database, not in memory, so throttling survives a restart
/// and is shared by every server instance.
final class LoginFailureRecord: Model, @unchecked Sendable {
    static let schema = "login_failures"

    @ID(key: .id) var id: UUID?
    /// `user:<id>` for an existing account, else `login:<identifier>` — both throttle the same,
    /// so the answer never tells whether an account exists.
    @Field(key: "account_key") var accountKey: String
    @Field(key: "client_address") var clientAddress: String
    @Field(key: "failed_at") var failedAt: Date

    init() {}

    init(accountKey: String, clientAddress: String, failedAt: Date) {
        self.accountKey = accountKey
        self.clientAddress = clientAddress
        self.failedAt = failedAt
    }
}
