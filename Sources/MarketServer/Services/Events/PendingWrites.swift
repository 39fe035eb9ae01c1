import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import SQLKit

/// What a PostgreSQL write transaction leaves to its end, sent in one statement just before it
/// commits: its live events (see `EventLog`), and the writes nothing in it reads back
/// (`Database.writeAtCommit`). Each statement saved is a round trip saved: a purchase went from
/// nine round trips to five. Bound to the transaction's task while its body runs.
final class PendingWrites: Sendable {
    struct Row: Sendable {
        var userID: UUID
        var kind: LiveEventKind
        var payload: String
        var at: Date
    }

    @TaskLocal static var current: PendingWrites?

    private let state = NIOLockedValueBox<(rows: [Row], channel: String?, writes: [SQLQueryString])>(([], nil, []))

    func add(_ rows: [Row], channel: String) {
        state.withLockedValue { $0.rows += rows; $0.channel = channel }
    }

    func add(write: SQLQueryString) {
        state.withLockedValue { $0.writes.append(write) }
    }

    /// Runs a transaction's `body` collecting its events and end writes, then sends them on `db`
    /// (still inside the transaction). A transaction already collecting keeps its own batch.
    static func collecting<T: Sendable>(on db: any Database, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        guard db.isPostgres, current == nil else { return try await body(db) }
        let batch = PendingWrites()
        let result = try await $current.withValue(batch) { try await body(db) }
        let (rows, channel, writes) = batch.state.withLockedValue { $0 }
        try await EventLog.write(rows, channel: channel ?? "", after: writes, on: db)
        return result
    }
}

extension Database {
    /// Runs `query`, a write nothing later in its transaction reads back (an order's history
    /// step, a notification). Inside a PostgreSQL write transaction (`WriteTransactions`) it is
    /// sent with the transaction's last statement instead (`PendingWrites`); a constraint it
    /// breaks then fails that statement, still inside the transaction. Elsewhere it runs now.
    func writeAtCommit(_ query: SQLQueryString) async throws {
        if isPostgres, let batch = PendingWrites.current {
            batch.add(write: query)
        } else {
            try await prepared(query).run()
        }
    }
}
