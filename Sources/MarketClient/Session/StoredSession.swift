import Foundation

/// A signed-in session as kept between launches: the bearer token, when it expires, which
/// server issued it, and whose account it is (which ``LocalStore`` is its).
public struct StoredSession: Codable, Sendable, Equatable {
    public var token: String
    public var expiresAt: Date
    public var server: URL
    /// nil in a session kept by an SDK before the store: such a session has no store until the
    /// next sign-in.
    public var account: UUID?

    public init(token: String, expiresAt: Date, server: URL, account: UUID? = nil) {
        self.token = token
        self.expiresAt = expiresAt
        self.server = server
        self.account = account
    }
}
