import Foundation
import Vapor

extension Job {
    /// Turns notification lines still unread when due into outbox mail (`NOTIFY_SWEEP_SECONDS`,
    /// 30 s): reads `pending_mails`, writes `mail_outbox`; the mail delivery job sends it.
    static func notificationMail(every interval: TimeInterval) -> Job {
        Job("notification mail", every: interval) { app in
            let queued = try await NotificationMails(services: app.domainServices()).sendDue()
            return queued > 0 ? "queued \(queued) notification mail(s)" : nil
        }
    }
}
