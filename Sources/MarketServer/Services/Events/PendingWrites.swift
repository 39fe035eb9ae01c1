import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import SQLKit

/// What a write transaction leaves to its end: its live events (see `EventLog`), the rows
/// nothing reads back before the commit (`Database.insertAtCommit`) and, on PostgreSQL, the
/// writes nothing later in the transaction reads back (`Database.writeAtCommit`). On PostgreSQL
/// they go in one statement just before the commit: a purchase went from nine round trips to
/// five. On SQLite, a batch of `GroupCommit` gathers what its orders left and writes it once
/// per table before the batch's commit: an order's history step, notification and live event
/// cost a batch three statements, not three for each order. Bound to the transaction's (or the
/// order's) task while its body runs.
final class PendingWrites: Sendable {
    struct Row: Sendable {
        var userID: UUID
        var kind: LiveEventKind
        var payload: String
        var at: Date
    }

    @TaskLocal static var current: PendingWrites?
    /// On SQLite, the batch of `GroupCommit` under way: each order's writes join it if the order succeeds.
    @TaskLocal static var batch: PendingWrites?

    private let state = NIOLockedValueBox<(rows: [Row], channel: String?, writes: [SQLQueryString], inserts: [RowInsert])>(([], nil, [], []))

    func add(_ rows: [Row], channel: String) {
        state.withLockedValue { $0.rows += rows; $0.channel = channel }
    }

    func add(write: SQLQueryString) {
        state.withLockedValue { $0.writes.append(write) }
    }

    func add(insert: RowInsert) {
        state.withLockedValue { $0.inserts.append(insert) }
    }

    /// Takes on everything `other` left (an order that succeeded, joining its batch).
    func absorb(_ other: PendingWrites) {
        let theirs = other.state.withLockedValue { $0 }
        state.withLockedValue {
            $0.rows += theirs.rows
            $0.channel = theirs.channel ?? $0.channel
            $0.writes += theirs.writes
            $0.inserts += theirs.inserts
        }
    }

    /// Writes everything left, on `db`, inside the transaction.
    func flush(on db: any Database) async throws {
        let (rows, channel, writes, inserts) = state.withLockedValue { $0 }
        try await EventLog.write(rows, channel: channel ?? "", after: writes + RowInsert.statements(inserts), on: db)
    }

    /// Runs a transaction's `body` collecting what it leaves to the end. On PostgreSQL that is
    /// then written on `db` (still inside the transaction); inside a SQLite `GroupCommit` batch it
    /// joins the batch if `body` succeeds. A transaction already collecting keeps its own batch.
    static func collecting<T: Sendable>(on db: any Database, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        guard current == nil, db.isPostgres || batch != nil else { return try await body(db) }
        let own = PendingWrites()
        let result = try await $current.withValue(own) { try await body(db) }
        if let batch { batch.absorb(own) } else { try await own.flush(on: db) }
        return result
    }
}

extension Database {
    /// Runs `query`, a write nothing later in its transaction reads back (a purchase's listing
    /// status). Inside a PostgreSQL write transaction (`WriteTransactions`) it is sent with the
    /// transaction's last statement instead (`PendingWrites`); a constraint it breaks then fails
    /// that statement, still inside the transaction. Elsewhere it runs now: on SQLite, the next
    /// order in a `GroupCommit` batch may read it.
    func writeAtCommit(_ query: SQLQueryString) async throws {
        if isPostgres, let batch = PendingWrites.current {
            batch.add(write: query)
        } else {
            try await prepared(query).run()
        }
    }

    /// Inserts a row nothing reads back before it commits (an order's history step, a
    /// notification): inside a write transaction, with the transaction's end writes
    /// (`PendingWrites`), merged with other rows for its table; elsewhere now.
    func insertAtCommit(into table: String, _ columns: [String], values: SQLQueryString) async throws {
        let row = RowInsert(table: table, columns: columns, values: values)
        if let batch = PendingWrites.current {
            batch.add(insert: row)
        } else {
            try await prepared(RowInsert.statements([row])[0]).run()
        }
    }
}
