import Fluent
import Foundation
import MarketCore
import Vapor

/// Sends one notification through every configured sender.
struct Notifier: Sendable {
    let senders: [any NotificationSender]
    let now: Date

    func send(_ notification: OutgoingNotification, in tx: WriteTransaction) async throws {
        for sender in senders { try await sender.send(notification, at: now, in: tx) }
    }
}
