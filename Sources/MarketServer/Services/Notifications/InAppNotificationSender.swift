import Fluent
import Foundation
import MarketCore
import Vapor

/// In-app delivery: the notification list (`GET /api/v1/notifications`) reads these rows.
struct InAppNotificationSender: NotificationSender {
    func send(_ notification: OutgoingNotification, at now: Date, on db: any Database) async throws {
        let record = NotificationRecord()
        record.id = UUID()
        record.$user.id = notification.userID
        record.kind = notification.kind.rawValue
        record.message = notification.message
        record.orderID = notification.orderID
        record.tradeOfferID = notification.tradeOfferID
        record.listingID = notification.listingID
        record.orderStatus = notification.orderStatus?.rawValue
        record.createdAt = now
        try await record.create(on: db)
    }
}
