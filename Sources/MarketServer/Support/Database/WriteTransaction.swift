import Fluent
import Foundation
import SQLKit

/// One write transaction, as `WriteTransactions.run` hands it to its body: the connection it runs
/// on, how a listing is locked in it, and what it leaves to its end.
///
/// `db` reads and writes now. What the body defers (`writeAtCommit`, `insertAtCommit`, live
/// events) is written when the body returns, still inside the transaction and before its
/// commit, on both databases: a body never reads back what it deferred, on either
/// (`WritesAtCommitTests`). A constraint a deferred write breaks still fails the transaction.
/// How the end is written is the database's business (`PendingWrites`); what a body sees is not.
struct WriteTransaction: Sendable {
    /// Reads and writes that happen now.
    let db: any Database
    /// What this transaction's listing lock must do (`ListingLock`).
    let locking: ListingLock.Mode
    let ending: PendingWrites

    var sql: any SQLDatabase { db.sql }

    /// Runs `query` at the end of the transaction: a write nothing later in it reads (a
    /// purchase's listing status, the order row). On PostgreSQL it goes with the transaction's
    /// last statement: a round trip fewer.
    func writeAtCommit(_ query: SQLQueryString) {
        ending.add(write: query)
    }

    /// Inserts a row at the end of the transaction (an order's history step, a notification),
    /// merged with the other rows for its table: on SQLite, with those of the whole `GroupCommit`
    /// batch.
    func insertAtCommit<Row: HandInserted>(_ model: Row.Type, values: SQLQueryString) {
        ending.add(insert: RowInsert(table: Row.schema, columns: Row.insertColumns, values: values))
    }

    /// Locks the listing for the rest of the transaction and returns it (nil: no such listing).
    func lockListing(_ id: UUID) async throws -> ListingRow? {
        try await ListingLock.lock(id, in: self)
    }
}
