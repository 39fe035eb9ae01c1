import Vapor

/// Everything the server does by itself while it serves, started from this one place (docs/
/// ARCHITECTURE.md, "Background jobs", lists each with its setting and what it touches):
/// the periodic sweeps (`PeriodicJob`), and the loops a write wakes: the mail outbox
/// (`MailDelivery`), the push queue (`PushDelivery`) and saved-search alerts
/// (`SavedSearchMatcher`). Each decides once whether this process runs it
/// (`PeriodicJob.runs(under:)`: serving, not a one-shot command such as `migrate`).
enum BackgroundJobs {
    static func register(on app: Application, settings: AppSettings) throws {
        for job in [PeriodicJob.featureExpiry(), .photoSweep(), .lateRentals(), .notificationMail()] {
            app.lifecycle.use(job)
        }
        let mailSender: any MailSender = settings.smtpRelay.map { SMTPMailSender(relay: $0) } ?? LogMailSender(logger: app.logger)
        app.mailDelivery = MailDelivery(sender: mailSender, from: settings.mailFrom, interval: settings.mailRetryInterval)
        app.lifecycle.use(app.mailDelivery)
        if let apns = settings.notify.apns {
            let delivery = PushDelivery(client: try APNsClient(settings: apns))
            app.pushDelivery = delivery
            app.lifecycle.use(delivery)
        }
        app.savedSearchMatcher = SavedSearchMatcher()
        app.lifecycle.use(app.savedSearchMatcher!)
    }
}
