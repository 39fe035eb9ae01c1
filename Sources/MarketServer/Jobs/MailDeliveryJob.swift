import Foundation
import Vapor

extension Job {
    /// Sends what the mail outbox holds over `sender`: woken right after a transaction queues
    /// mail, and every `interval` (30 s) for retries and for mail another instance queued. Each
    /// mail is claimed first, so two instances never send one twice.
    static func mailDelivery(sender: any MailSender, from: String, every interval: TimeInterval) -> Job {
        Job("mail delivery", every: interval) { app in
            try await MailOutbox(database: app.db, now: app.clock.now(), groupCommit: app.sqliteGroupCommit)
                .deliverDue(with: sender, from: from, logger: app.logger)
            return nil
        }
    }
}
