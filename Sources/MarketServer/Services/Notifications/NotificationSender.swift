import Fluent
import Foundation
import MarketCore
import Vapor

/// What to tell one user.
struct OutgoingNotification: Sendable {
    var userID: UUID
    var kind: NotificationKind
    var message: String
    var orderID: UUID?
    var tradeOfferID: UUID?
    var listingID: UUID?
    var orderStatus: OrderStatus?
}

/// Delivers notifications. Senders run inside the transaction that caused the notification and
/// may only write to that database: a notification is then stored exactly when its cause is.
/// A push or email sender would write an outbox row here for a worker to send after commit.
protocol NotificationSender: Sendable {
    func send(_ notification: OutgoingNotification, at now: Date, on db: any Database) async throws
}

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

extension Application {
    private struct NotificationSendersKey: StorageKey { typealias Value = [any NotificationSender] }

    /// Every sender a notification goes through; in-app by default. Tests add recorders.
    var notificationSenders: [any NotificationSender] {
        get { storage[NotificationSendersKey.self] ?? [InAppNotificationSender()] }
        set { storage[NotificationSendersKey.self] = newValue }
    }
}

/// Sends one notification through every configured sender.
struct Notifier: Sendable {
    let senders: [any NotificationSender]
    let now: Date

    func send(_ notification: OutgoingNotification, on db: any Database) async throws {
        for sender in senders { try await sender.send(notification, at: now, on: db) }
    }
}
