import Fluent
import Foundation
import MarketCore
import SQLKit

/// Tells the people who saved a listing what happened to it: its price dropped, or someone is
/// buying it. Inside the transaction of the change, like every notification.
struct FavoriteAlerts {
    let notifier: Notifier

    func tell(saversOf listingID: UUID, except skipped: Set<UUID>, kind: NotificationKind, message: Phrase,
              in tx: WriteTransaction) async throws {
        let savers = try await tx.sql.raw("SELECT user_id FROM favorites WHERE listing_id = \(bind: listingID)")
            .all(decodingColumn: "user_id", as: UUID.self)
        for userID in savers where !skipped.contains(userID) {
            try await notifier.send(OutgoingNotification(userID: userID, kind: kind, message: message, listingID: listingID), in: tx)
        }
    }

    /// The lower of a listing's prices, old and new, when one of them fell.
    static func priceDrop(from old: (sale: Int64?, rent: Int64?), to new: (sale: Int64?, rent: Int64?)) -> (was: Int64, now: Int64)? {
        if let was = old.sale, let now = new.sale, now < was { return (was, now) }
        if let was = old.rent, let now = new.rent, now < was { return (was, now) }
        return nil
    }
}
