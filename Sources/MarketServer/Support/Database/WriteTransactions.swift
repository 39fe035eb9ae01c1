import Fluent
import MarketCore
import Vapor

/// Runs the transactions that make or move orders. SQLite has one writer at a time: when two of
/// its pooled connections both want the write lock, the loser spins in SQLite's busy handler on
/// a thread-pool thread, burning a core the winner needs. So on SQLite these transactions queue
/// in `GroupCommit` first, suspended rather than holding a thread, and those that queue together
/// share one commit. PostgreSQL locks rows, not the database, so there they run side by side.
/// Correctness never depends on this queue: the listing lock and the database's constraints hold
/// across processes too.
struct WriteTransactions: Sendable {
    let database: any Database
    let groupCommit: GroupCommit?
    /// Told after each commit: events written in the transaction can go out.
    let committed: (any EventHub)?

    /// Runs `body` in a transaction (`WriteTransaction`) and returns once it has committed.
    func run<T: Sendable>(_ body: @escaping @Sendable (WriteTransaction) async throws -> T) async throws -> T {
        try await run(ridingFor: nil, body)
    }

    /// Background work's transaction: on SQLite it rides in the next batch requests start,
    /// sharing their commit, or runs alone after `patience` (`GroupCommit.run(ridingFor:)`).
    func runInBackground<T: Sendable>(patience: Duration = .milliseconds(20),
                                      _ body: @escaping @Sendable (WriteTransaction) async throws -> T) async throws -> T {
        try await run(ridingFor: patience, body)
    }

    private func run<T: Sendable>(ridingFor patience: Duration?, _ body: @escaping @Sendable (WriteTransaction) async throws -> T) async throws -> T {
        // Read here, in the request's task: a SQLite batch may run the body in another's.
        let claim = IdempotencyClaim.current
        // And the request's language: a message a body writes is in it, whoever's task runs it.
        let words = Localizer.current
        let body: @Sendable (WriteTransaction) async throws -> T = { tx in
            let value = try await Localizer.$current.withValue(words) { try await body(tx) }
            // A request sent with an Idempotency-Key: its key is marked applied with its writes.
            if let claim { try await IdempotentRequests.markApplied(claim, on: tx.db) }
            return value
        }
        let result: T
        if let groupCommit {
            result = try await groupCommit.run(ridingFor: patience) { db, batch in
                let tx = WriteTransaction(db: db, locking: .heldByBatch, ending: PendingWrites())
                let value = try await body(tx)
                try await tx.ending.flushWrites(on: db, joining: batch)
                return value
            }
        } else {
            // PostgreSQL may end one of two transactions that wait on each other (a deadlock, or a
            // serialization failure); the body is run again from the start, as the server advises.
            var attempt = 1
            while true {
                do {
                    result = try await database.tracedTransaction { db in
                        let tx = WriteTransaction(db: db, locking: .rowLock, ending: PendingWrites())
                        let value = try await body(tx)
                        try await tx.ending.flush(on: db)
                        return value
                    }
                    break
                } catch where attempt < 3 && DatabaseConflict.isRetryable(error) {
                    attempt += 1
                }
            }
        }
        committed?.committed()
        return result
    }
}

extension Application {
    private struct GroupCommitKey: StorageKey { typealias Value = GroupCommit }

    /// Set by `configure` on SQLite only.
    var sqliteGroupCommit: GroupCommit? {
        get { storage[GroupCommitKey.self] }
        set { storage[GroupCommitKey.self] = newValue }
    }
}
