import Fluent
import Foundation
import MarketCore
import Vapor

/// Sends one notification through every configured sender, each told the person's settings.
struct Notifier: Sendable {
    let senders: [any NotificationSender]
    let now: Date

    func send(_ notification: OutgoingNotification, in tx: WriteTransaction) async throws {
        let settings = try await NotificationPreferences.settings(of: notification.userID, on: tx.db)
        for sender in senders { try await sender.send(notification, settings: settings, at: now, in: tx) }
    }

    /// Many at once (a listing many saved searches match): everyone's settings in one read.
    func send(_ notifications: [OutgoingNotification], in tx: WriteTransaction) async throws {
        let settings = try await NotificationPreferences.settings(of: Set(notifications.map(\.userID)), on: tx.db)
        for notification in notifications {
            for sender in senders { try await sender.send(notification, settings: settings[notification.userID] ?? .defaults, at: now, in: tx) }
        }
    }
}
