import Fluent
import Foundation
import MarketCore

/// Rentals not returned by their end are flagged late once — a line in the order's history,
/// both sides told — and, until they come back, keep their listing booked (`LiveRentals`).
/// Each runs under its listing's lock, as a return does, so a return and the flag never cross:
/// a rental returned first is never flagged.
struct LateRentals {
    let database: any Database
    let writes: WriteTransactions
    let recorder: OrderRecorder
    let now: Date

    /// Flags every rental due back by now that is still with its renter; answers how many.
    func sweep(limit: Int = 200) async throws -> Int {
        let due = try await OrderRecord.query(on: database)
            .filter(\.$type == OrderType.rental.rawValue).filter(\.$status == OrderStatus.inUse.rawValue)
            .filter(\.$endsAt <= now).filter(\.$lateAt == nil)
            .limit(limit).all()
        var flagged = 0
        for candidate in due where try await flag(candidate) { flagged += 1 }
        return flagged
    }

    private func flag(_ candidate: OrderRecord) async throws -> Bool {
        try await writes.run { tx in
            guard let listing = try await tx.lockListing(candidate.$listing.id),
                  let order = try await OrderRecord.find(try candidate.requireID(), on: tx.db),
                  try order.orderStatus == .inUse, order.lateAt == nil, let end = order.endsAt, end <= now else { return false }
            order.lateAt = now
            let orderID = try order.requireID()
            let late: [(UUID, Phrase)] = [
                (order.$buyer.id, "“\(listing.title)” was due back at the end of your rental. Return it, then mark it returned on the order."),
                (order.$seller.id, "“\(listing.title)” was not returned by the end of the rental. It stays booked until it is back."),
            ]
            let told = late.map { userID, message in
                OutgoingNotification(userID: userID, kind: .rentalLate, message: message, orderID: orderID,
                                     listingID: order.$listing.id, orderStatus: .inUse)
            }
            try await recorder.note(order, "Late: not returned by the end of the rental", by: nil, notify: told, in: tx)
            return true
        }
    }
}
