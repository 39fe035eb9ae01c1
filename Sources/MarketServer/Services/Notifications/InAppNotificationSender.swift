import Fluent
import Foundation
import MarketCore
import SQLKit

/// In-app delivery: the notification list (`GET /api/v1/notifications`) reads these rows.
/// Written with a plain INSERT: every order makes one, on the hot path.
struct InAppNotificationSender: NotificationSender {
    func send(_ notification: OutgoingNotification, at now: Date, on db: any Database) async throws {
        try await db.sql.raw("""
            INSERT INTO notifications (id, user_id, kind, message, order_id, trade_offer_id, listing_id, order_status, created_at)
            VALUES (\(bind: UUID()), \(bind: notification.userID), \(bind: notification.kind.rawValue), \(bind: notification.message),
              \(bind: notification.orderID), \(bind: notification.tradeOfferID), \(bind: notification.listingID),
              \(bind: notification.orderStatus?.rawValue), \(bind: now))
            """).run()
    }
}
