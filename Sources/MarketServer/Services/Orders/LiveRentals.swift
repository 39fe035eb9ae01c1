import Fluent
import Foundation
import MarketCore
import SQLKit

/// The rentals of one listing that still hold their period (not declined or cancelled): the
/// one query behind "is this period free?", "may it be sold now?" and the availability calendar.
struct LiveRentals {
    let listingID: UUID

    /// The periods of those overlapping `[start, end)`, earliest first, at most `limit`.
    /// [a, b) and [c, d) overlap when a < d and c < b: touching ends are not an overlap.
    /// Prepared: every rental request, and every purchase of a listing also for rent, runs it.
    func periods(overlapping start: Date, _ end: Date, limit: Int, on db: any Database) async throws -> [BookedPeriod] {
        try await db.prepared("""
            SELECT starts_at, ends_at FROM orders
            WHERE listing_id = \(bind: listingID) AND type = \(bind: OrderType.rental.rawValue)
              AND status NOT IN (\(binds: OrderStatus.released.map(\.rawValue)))
              AND starts_at < \(bind: end) AND ends_at > \(bind: start)
            ORDER BY starts_at LIMIT \(bind: limit)
            """).all().map { row in
            BookedPeriod(start: try row.decode(column: "starts_at", as: Date.self), end: try row.decode(column: "ends_at", as: Date.self))
        }
    }
}
