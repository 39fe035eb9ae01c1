import Fluent
import Foundation
import MarketCore
import SQLKit

/// The mail channel: queues a line for the person's next notification mail, unless they turned
/// mail off for its topic. Messages and orders are due a few minutes later (and dropped if read
/// by then); saved searches and saved listings are due at the next daily digest.
struct NotificationMailSender: NotificationSender {
    let settings: AppSettings

    func send(_ notification: OutgoingNotification, settings choices: NotificationSettings, at now: Date, in tx: WriteTransaction) async throws {
        guard let topic = notification.kind.topic, choices[topic].email else { return }
        let due = topic.isDigest ? try await nextDigest(for: notification.userID, after: now, on: tx.db) : now.addingTimeInterval(settings.notify.mailDelay)
        let line = String(notification.message.localized.prefix(300))  // in the recipient's language (`Notifier`)
        try await tx.sql.raw("""
            INSERT INTO pending_mails (id, user_id, topic, line, path, notification_id, conversation_id, message_seq, due_at, created_at)
            VALUES (\(bind: UUID()), \(bind: notification.userID), \(bind: topic.rawValue), \(bind: line), \(bind: notification.path),
                    \(bind: notification.kind == .messageReceived ? nil : notification.id), \(bind: notification.conversationID),
                    \(bind: notification.messageSeq), \(bind: due), \(bind: now))
            """).run()
    }

    /// The next `DIGEST_HOUR` o'clock in the person's campus time.
    private func nextDigest(for userID: UUID, after now: Date, on database: any Database) async throws -> Date {
        // One zone for everyone unless campuses are configured: no one's campus to read.
        let user = settings.campuses.isConfigured ? try await UserRecord.find(userID, on: database) : nil
        return Self.nextDigest(after: now, hour: settings.notify.digestHour, in: TrustPolicy(settings: settings).timeZone(of: user))
    }

    static func nextDigest(after now: Date, hour: Int, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.nextDate(after: now, matching: DateComponents(hour: hour, minute: 0, second: 0), matchingPolicy: .nextTime) ?? now
    }
}
