import Vapor

extension PeriodicJob {
    /// Turns notification lines still unread when due into outbox mail (`NOTIFY_SWEEP_SECONDS`,
    /// 30 s): reads `pending_mails`, writes `mail_outbox`; `MailDelivery` sends it.
    static func notificationMail() -> PeriodicJob {
        PeriodicJob("notification mail", every: \.notify.sweepInterval) { app in
            let queued = try await NotificationMails(services: app.domainServices()).sendDue()
            return queued > 0 ? "queued \(queued) notification mail(s)" : nil
        }
    }
}
