import Fluent
import Foundation
import MarketCore
import SQLKit

/// The phone channel: queues the push for each of the person's phones (the push delivery job
/// sends them after commit), unless they turned phones off for its topic or no push service is
/// set up.
struct PushNotificationSender: NotificationSender {
    let settings: NotifySettings
    /// Woken once the push is queued (its tick finds a push committed after that wake-up).
    let delivery: JobRunner?

    func send(_ notification: OutgoingNotification, settings choices: NotificationSettings, at now: Date, in tx: WriteTransaction) async throws {
        guard settings.apns != nil, choices.allows(notification.kind, on: .push) else { return }
        let devices = try await tx.sql.raw("SELECT id FROM push_devices WHERE user_id = \(bind: notification.userID)")
            .all(decodingColumn: "id", as: UUID.self)
        guard !devices.isEmpty else { return }
        let payload = try Self.payload(notification)
        for device in devices {
            try await tx.sql.raw("""
                INSERT INTO push_outbox (id, device_id, payload, attempts, next_attempt_at, created_at)
                VALUES (\(bind: UUID()), \(bind: device), \(bind: payload), 0, \(bind: now), \(bind: now))
                """).run()
        }
        delivery?.wake()
    }

    /// What Apple delivers: the alert iOS shows, grouped by topic, and where the app opens.
    /// Apple refuses a payload over 4 KB: the text is cut well below that.
    static func payload(_ notification: OutgoingNotification) throws -> String {
        struct Alert: Encodable { let title: String; let body: String }
        struct APS: Encodable {
            let alert: Alert
            let sound = "default"
            let threadID: String
            enum CodingKeys: String, CodingKey { case alert, sound, threadID = "thread-id" }
        }
        struct Payload: Encodable { let aps: APS; let kind: String; let path: String? }
        let topic = notification.kind.topic
        // In the recipient's language (`Notifier`).
        let message = notification.message.localized
        let body = message.count > 500 ? String(message.prefix(499)) + "…" : message
        let payload = Payload(aps: APS(alert: Alert(title: topic?.label.localized ?? "CampusMarket", body: body), threadID: topic?.rawValue ?? "account"),
                              kind: notification.kind.rawValue, path: notification.path)
        return String(decoding: try JSONEncoder().encode(payload), as: UTF8.self)
    }
}
