import Fluent
import Foundation
import MarketCore
import SQLKit

/// In-app delivery: the notification list (`GET /api/v1/notifications`) reads these rows.
/// Written with a plain INSERT: every order makes one, on the hot path. Each is also a
/// `notification` event for the person's open streams.
struct InAppNotificationSender: NotificationSender {
    let events: EventLog

    func send(_ notification: OutgoingNotification, settings: NotificationSettings, at now: Date, in tx: WriteTransaction) async throws {
        // A message's in-app form is the conversation itself.
        guard notification.kind != .messageReceived, settings.allows(notification.kind, on: .inApp) else { return }
        let id = notification.id
        tx.insertAtCommit(NotificationRecord.self, values: """
                (\(bind: id), \(bind: notification.userID), \(bind: notification.kind.rawValue), \(bind: notification.message.english),
                 \(bind: notification.message.stored),
                 \(bind: notification.orderID), \(bind: notification.tradeOfferID), \(bind: notification.listingID),
                 \(bind: notification.orderStatus?.rawValue), \(bind: now))
                """)
        let stored = MarketNotification(id: id, kind: notification.kind, message: notification.message.localized, orderId: notification.orderID,
                                        tradeOfferId: notification.tradeOfferID, listingId: notification.listingID,
                                        orderStatus: notification.orderStatus, createdAt: now, readAt: nil)
        try events.record(.notification, stored, for: [notification.userID], at: now, in: tx)
    }
}

extension NotificationRecord: HandInserted {
    static let insertColumns = ["id", "user_id", "kind", "message", "phrase", "order_id", "trade_offer_id", "listing_id", "order_status", "created_at"]
    static let notInserted: Set<String> = ["seq", "read_at"]  // numbered by the database; read later
}
