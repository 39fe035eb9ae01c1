import Fluent
import Vapor

/// Runs the transactions that make or move orders. SQLite has one writer at a time: when two of
/// its pooled connections both want the write lock, the loser spins in SQLite's busy handler on
/// a thread-pool thread, burning a core the winner needs. So on SQLite these transactions queue
/// here first, suspended rather than holding a thread. PostgreSQL locks rows, not the database,
/// so there they run side by side. Correctness never depends on this queue: the listing lock and
/// the database's constraints hold across processes too.
struct WriteTransactions: Sendable {
    let database: any Database
    let gate: AsyncGate?

    func run<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        guard let gate else { return try await database.transaction(body) }
        return try await gate.run { try await database.transaction(body) }
    }
}

extension Application {
    private struct WriteGateKey: StorageKey { typealias Value = AsyncGate }

    /// Set by `configure` on SQLite only.
    var sqliteWriteGate: AsyncGate? {
        get { storage[WriteGateKey.self] }
        set { storage[WriteGateKey.self] = newValue }
    }
}
