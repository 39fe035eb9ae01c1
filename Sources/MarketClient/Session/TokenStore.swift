import Foundation
import MarketCore

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

/// Where a session's token lives between launches: `KeychainTokenStore` on Apple platforms,
/// ``FileTokenStore`` on Linux, ``MemoryTokenStore`` in tests and previews.
public protocol TokenStore: Sendable {
    func load() throws -> StoredSession?
    func save(_ session: StoredSession) throws
    func clear() throws
}

/// Keeps the session for the life of the process only.
public final class MemoryTokenStore: TokenStore, @unchecked Sendable {
    private let lock = NSLock()
    private var session: StoredSession?

    public init(_ session: StoredSession? = nil) {
        self.session = session
    }

    public func load() -> StoredSession? { lock.withLock { session } }
    public func save(_ session: StoredSession) { lock.withLock { self.session = session } }
    public func clear() { lock.withLock { session = nil } }
}
