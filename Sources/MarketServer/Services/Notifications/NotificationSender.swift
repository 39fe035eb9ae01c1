import Fluent
import Foundation
import MarketCore
import Vapor

/// Delivers notifications. Senders run inside the transaction that caused the notification and
/// may only write to that database: a notification is then stored exactly when its cause is.
/// A push or email sender would write an outbox row here for a worker to send after commit.
protocol NotificationSender: Sendable {
    func send(_ notification: OutgoingNotification, at now: Date, in tx: WriteTransaction) async throws
}

extension Application {
    private struct NotificationSendersKey: StorageKey { typealias Value = [any NotificationSender] }

    /// Every sender a notification goes through; in-app by default. A push or mail channel is
    /// added here (PluggedSystemsTests adds a recorder).
    var notificationSenders: [any NotificationSender] {
        get { storage[NotificationSendersKey.self] ?? [InAppNotificationSender(events: eventLog)] }
        set { storage[NotificationSendersKey.self] = newValue }
    }

    /// Where events are written: the in-app sender and the messaging services share it.
    var eventLog: EventLog { EventLog(channel: settings.eventChannel) }
}
