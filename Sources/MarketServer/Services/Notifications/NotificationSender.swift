import Fluent
import Foundation
import MarketCore
import Vapor

/// Delivers notifications. Senders run inside the transaction that caused the notification and
/// may only write to that database: a notification is then stored exactly when its cause is,
/// and a transaction that runs again (`GroupCommit`) leaves no trace of its first run.
/// Mail and push senders write a queue row here, which a loop sends after commit.
protocol NotificationSender: Sendable {
    /// Sends unless `settings` turned this channel off for the notification's kind.
    func send(_ notification: OutgoingNotification, settings: NotificationSettings, at now: Date, in tx: WriteTransaction) async throws
}

extension Application {
    private struct NotificationSendersKey: StorageKey { typealias Value = [any NotificationSender] }

    /// Every sender a notification goes through: in the app, mail a few minutes later or in
    /// the daily digest, and phones (PluggedSystemsTests adds a recorder).
    var notificationSenders: [any NotificationSender] {
        get {
            storage[NotificationSendersKey.self]
                ?? [InAppNotificationSender(events: eventLog), NotificationMailSender(settings: settings), PushNotificationSender(settings: settings.notify, delivery: pushDelivery)]
        }
        set { storage[NotificationSendersKey.self] = newValue }
    }

    /// Where events are written: the in-app sender and the messaging services share it.
    var eventLog: EventLog { EventLog(channel: settings.eventChannel) }
}
