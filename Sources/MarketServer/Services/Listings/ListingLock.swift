import Fluent
import Foundation
import MarketCore
import SQLKit

/// Serialises every order-making write on one listing. Inside a transaction, the lock's
/// statement takes PostgreSQL's row lock (`SELECT … FOR UPDATE`), or SQLite's database write
/// lock. Whatever is read after it is current until the transaction ends, so a check-then-insert
/// (is the listing still active? is the period free?) cannot be raced. The same statement
/// returns the locked row with its seller's name: one round trip.
///
/// On SQLite, a `GroupCommit` batch has taken the write lock before its jobs run, so there the
/// row is only read. Elsewhere on SQLite (a listing's deletion) the lock is a no-op UPDATE, which
/// takes the write lock as the transaction's first statement, so SQLite waits for it instead of
/// failing on a stale snapshot. PostgreSQL had that UPDATE too; but an UPDATE of `listings`
/// writes a new row version, recomputes its two stored text vectors and adds entries to its
/// indexes: 0.45 ms of the server's time where `FOR UPDATE` takes 0.016 (docs/benchmarks.md).
enum ListingLock {
    private static let returning = ListingRow.columns.joined(separator: ", ")
        + ", (SELECT name FROM users WHERE users.id = listings.seller_id) AS seller_name"

    static func lock(_ listingID: UUID, on db: any Database) async throws -> ListingRow? {
        try await lockedRow(listingID, alsoReturning: nil, on: db).map(ListingRow.init(row:))
    }

    /// `lock`, also saying whether a pending trade offer is for the listing or offers it. A
    /// purchase declines those offers, and there usually are none: asked here, in the lock's own
    /// statement, the purchase makes one statement fewer (each costs a crossing to SQLite's
    /// thread, or a round trip to PostgreSQL).
    static func lockTellingOffers(_ listingID: UUID, on db: any Database) async throws -> (listing: ListingRow, inPendingOffers: Bool)? {
        let inOffers: SQLQueryString = "\(PendingTradeOffers.involvingCondition(listing: "listings.id")) AS in_pending_offers"
        return try await lockedRow(listingID, alsoReturning: inOffers, on: db).map {
            (try ListingRow(row: $0), try $0.decode(column: "in_pending_offers", as: Bool.self))
        }
    }

    /// The lock's one statement, returning the listing row (and `extra`, a column expression).
    private static func lockedRow(_ listingID: UUID, alsoReturning extra: SQLQueryString?, on db: any Database) async throws -> (any SQLRow)? {
        let columns: SQLQueryString = extra.map { "\(unsafeRaw: returning), \($0)" } ?? "\(unsafeRaw: returning)"
        if GroupCommit.holdsWriteLock {
            return try await db.sql.raw("SELECT \(columns) FROM listings WHERE id = \(bind: listingID)").first()
        }
        if db.isPostgres {
            return try await db.prepared("SELECT \(columns) FROM listings WHERE id = \(bind: listingID) FOR UPDATE OF listings").first()
        }
        return try await db.sql.raw("UPDATE listings SET status = status WHERE id = \(bind: listingID) RETURNING \(columns)").first()
    }
}
