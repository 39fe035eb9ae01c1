import Fluent
import Foundation
import MarketCore

/// The rentals of one listing that still hold their period (not declined or cancelled): the
/// one query behind "is this period free?", "may it be sold now?" and the availability calendar.
struct LiveRentals {
    let listingID: UUID

    /// Those overlapping `[start, end)`. [a, b) and [c, d) overlap when a < d and c < b:
    /// touching ends are not an overlap.
    func overlapping(_ start: Date, _ end: Date, on db: any Database) -> QueryBuilder<OrderRecord> {
        OrderRecord.query(on: db)
            .filter(\.$listing.$id == listingID).filter(\.$type == OrderType.rental.rawValue)
            .filter(\.$status !~ OrderStatus.released.map(\.rawValue))
            .filter(\.$startsAt < end).filter(\.$endsAt > start)
    }
}
