import Fluent
import Foundation
import MarketCore
import SQLKit

/// The rentals of one listing that still hold their period (not declined or cancelled): the
/// one query behind "is this period free?", "may it be sold now?" and the availability calendar.
/// A rental still out with its renter holds the listing past its end, until it comes back.
struct LiveRentals {
    let listingID: UUID
    let now: Date

    /// The periods of those overlapping `[start, end)`, earliest first, at most `limit`.
    /// [a, b) and [c, d) overlap when a < d and c < b: touching ends are not an overlap. A late
    /// rental's period runs to now, and overlaps everything after its start until it is returned.
    /// One returned before it began has an empty period, and holds nothing.
    /// Prepared: every rental request, and every purchase of a listing also for rent, runs it.
    func periods(overlapping start: Date, _ end: Date, limit: Int, on db: any Database) async throws -> [BookedPeriod] {
        let out = OrderStatus.outWithRenter.map(\.rawValue)
        return try await db.prepared("""
            SELECT starts_at, ends_at, status FROM orders
            WHERE listing_id = \(bind: listingID) AND type = \(bind: OrderType.rental.rawValue)
              AND status NOT IN (\(binds: OrderStatus.released.map(\.rawValue)))
              AND starts_at < \(bind: end) AND (ends_at > \(bind: start) OR status IN (\(binds: out)))
              AND ends_at > starts_at
            ORDER BY starts_at LIMIT \(bind: limit)
            """).all().map { row in
            var period = BookedPeriod(start: try row.decode(column: "starts_at", as: Date.self), end: try row.decode(column: "ends_at", as: Date.self))
            if out.contains(try row.decode(column: "status", as: String.self)), period.end < now { period.end = now }
            return period
        }
    }
}
