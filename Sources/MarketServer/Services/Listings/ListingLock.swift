import Fluent
import Foundation
import MarketCore
import SQLKit

/// Serialises every order-making write on one listing (`WriteTransaction.lockListing`). After the
/// lock, whatever is read is current until the transaction ends, so a check-then-insert (is the
/// listing still active? is the period free?) cannot be raced. The same statement returns the
/// locked row with its seller's name: one round trip.
enum ListingLock {
    /// What taking the lock means in a transaction; `WriteTransactions` sets it.
    enum Mode: Sendable {
        /// PostgreSQL: the row's lock, `SELECT … FOR UPDATE`. An UPDATE would lock too, but it
        /// writes a new row version, recomputes its two stored text vectors and adds index
        /// entries: 0.45 ms of the server's time where `FOR UPDATE` takes 0.016
        /// (docs/benchmarks-history.md).
        case rowLock
        /// SQLite: the `GroupCommit` batch took the database's write lock before its first job
        /// (`BEGIN IMMEDIATE`), so the row is only read.
        case heldByBatch
    }

    private static let returning = ListingRow.columns.joined(separator: ", ")
        + ", (SELECT public_name FROM users WHERE users.id = listings.seller_id) AS seller_name"

    static func lock(_ listingID: UUID, in tx: WriteTransaction) async throws -> ListingRow? {
        try await lockedRow(listingID, alsoReturning: nil, in: tx).map(ListingRow.init(row:))
    }

    /// `lock`, also saying whether a pending trade offer is for the listing or offers it. A
    /// purchase declines those offers, and there usually are none: asked here, in the lock's own
    /// statement, the purchase makes one statement fewer (each costs a crossing to SQLite's
    /// thread, or a round trip to PostgreSQL).
    static func lockTellingOffers(_ listingID: UUID, in tx: WriteTransaction) async throws -> (listing: ListingRow, inPendingOffers: Bool)? {
        let inOffers: SQLQueryString = "\(PendingTradeOffers.involvingCondition(listing: "listings.id")) AS in_pending_offers"
        return try await lockedRow(listingID, alsoReturning: inOffers, in: tx).map {
            (try ListingRow(row: $0), try $0.decode(column: "in_pending_offers", as: Bool.self))
        }
    }

    /// The lock's one statement, returning the listing row (and `extra`, a column expression).
    private static func lockedRow(_ listingID: UUID, alsoReturning extra: SQLQueryString?, in tx: WriteTransaction) async throws -> (any SQLRow)? {
        let columns: SQLQueryString = extra.map { "\(unsafeRaw: returning), \($0)" } ?? "\(unsafeRaw: returning)"
        switch tx.locking {
        case .heldByBatch:
            return try await tx.sql.raw("SELECT \(columns) FROM listings WHERE id = \(bind: listingID)").first()
        case .rowLock:
            return try await tx.db.prepared("SELECT \(columns) FROM listings WHERE id = \(bind: listingID) FOR UPDATE OF listings").first()
        }
    }
}
