import Fluent
import Foundation
import MarketCore
import Vapor

/// Sends one notification through every configured sender, each told the person's settings,
/// in the person's language (`Localizer.current` while the senders run): the push and the mail
/// line are written in it, the in-app row keeps the phrase for whoever reads it.
struct Notifier: Sendable {
    let senders: [any NotificationSender]
    let now: Date
    let trust: TrustPolicy

    func send(_ notification: OutgoingNotification, in tx: WriteTransaction) async throws {
        try await send([notification], in: tx)
    }

    /// Many at once (a listing many saved searches match): everyone's settings and language in
    /// one read each.
    func send(_ notifications: [OutgoingNotification], in tx: WriteTransaction) async throws {
        let people = Set(notifications.map(\.userID))
        let settings = try await NotificationPreferences.settings(of: people, on: tx.db)
        let languages = try await RecipientLanguages.of(people, trust: trust, on: tx.db)
        for notification in notifications {
            try await Localizer.$current.withValue(languages[notification.userID] ?? .english) {
                for sender in senders { try await sender.send(notification, settings: settings[notification.userID] ?? .defaults, at: now, in: tx) }
            }
        }
    }
}
