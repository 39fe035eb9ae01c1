import Foundation
import MarketCore

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
