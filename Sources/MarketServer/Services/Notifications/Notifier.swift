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
}
