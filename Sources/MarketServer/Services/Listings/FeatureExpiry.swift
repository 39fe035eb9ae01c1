import NIOConcurrencyHelpers
import Vapor
import Fluent
import Foundation
import SQLKit

/// Takes ended features off their listings. Search already ignores a feature past its end, but
/// the row would stay in `featured_fts` (SQLite) and the featured index until re-featured; this
/// keeps those indexes to the listings featured now. Idempotent, so every instance may run it.
struct FeatureExpiry {
    let database: any Database
    let now: Date
    /// SQLite's writer queue: the sweep waits there for the write lock, as other writes do
    /// (`WriteTransactions`), rather than spin for it on a pooled connection's thread.
    var groupCommit: GroupCommit?

    /// Clears `featured_until` where it has passed; the index triggers follow. Returns how many.
    @discardableResult
    func sweep() async throws -> Int {
        try await WriteTransactions(database: database, groupCommit: groupCommit, committed: nil).run { [now] tx in
            try await tx.sql.raw("""
                UPDATE listings SET featured_until = NULL
                WHERE featured_until IS NOT NULL AND featured_until <= \(bind: now) RETURNING seq
                """).all().count
        }
    }
}
