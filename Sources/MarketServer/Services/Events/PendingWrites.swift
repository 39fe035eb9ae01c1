import Fluent
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import SQLKit

/// What a write transaction leaves to its end (`WriteTransaction`): its live events (see
/// `EventLog`), the rows nothing reads back before the commit, and the writes nothing later in
/// the transaction reads back. On PostgreSQL they go in one statement just before the commit: a
/// purchase went from nine round trips to five. On SQLite, a transaction's deferred writes run
/// when its body returns (the next transaction in its `GroupCommit` batch may read them: a
/// listing just sold), and its rows and events join the batch's, written once per table before
/// the batch's commit: an order's history step, notification and live event cost a batch three
/// statements, not three for each order.
final class PendingWrites: Sendable {
    struct Row: Sendable {
        var userID: UUID
        var kind: LiveEventKind
        var payload: String
        var at: Date
    }

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

    /// Writes everything left, on `db`, inside the transaction (PostgreSQL's end, and a SQLite
    /// batch's).
    func flush(on db: any Database) async throws {
        let (rows, channel, writes, inserts) = state.withLockedValue { $0 }
        try await EventLog.write(rows, channel: channel ?? "", after: writes + RowInsert.statements(inserts), on: db)
    }

    /// A SQLite transaction's end inside its `GroupCommit` batch: the deferred writes run now;
    /// the rows and events join `batch`, which writes them before its commit.
    func flushWrites(on db: any Database, joining batch: PendingWrites) async throws {
        let (rows, channel, writes, inserts) = state.withLockedValue { $0 }
        for write in writes { try await db.prepared(write).run() }
        batch.state.withLockedValue {
            $0.rows += rows
            $0.channel = channel ?? $0.channel
            $0.inserts += inserts
        }
    }
}
