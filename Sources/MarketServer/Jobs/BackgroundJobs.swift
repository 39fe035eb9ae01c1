import Vapor

/// Everything the server does by itself while it serves, each a `Job` (one file each in this
/// folder; docs/ARCHITECTURE.md, "Background jobs", lists them with their setting and what they
/// touch), registered here and nowhere else. Whether this process runs them is decided once:
/// serving does, a one-shot command such as `migrate` does not (`runs(under:)`).
enum BackgroundJobs {
    static func register(on app: Application, settings: AppSettings) throws {
        let runs = Self.runs(under: app.environment.arguments)
        func use(_ job: Job) -> JobRunner {
            let runner = JobRunner(job, runs: runs)
            app.lifecycle.use(runner)
            return runner
        }
        _ = use(.featureExpiry(every: settings.featureSweepInterval))
        _ = use(.photoSweep(every: settings.photoSweepInterval))
        _ = use(.lateRentals(every: settings.lateRentalSweepInterval))
        _ = use(.notificationMail(every: settings.notify.sweepInterval))
        _ = use(.eventRetention(keeping: settings.eventRetention))
        _ = use(.idempotencyExpiry)
        _ = use(.removalRetention)
        let mailSender: any MailSender = settings.smtpRelay.map { SMTPMailSender(relay: $0) } ?? LogMailSender(logger: app.logger)
        app.mailDelivery = use(.mailDelivery(sender: mailSender, from: settings.mailFrom, every: settings.mailRetryInterval))
        if let apns = settings.notify.apns {
            app.pushDelivery = use(.pushDelivery(client: try APNsClient(settings: apns)))
        }
        app.savedSearchMatcher = use(.savedSearchMatching(sqliteReaders: app.sqliteReaders))
        if case .sqlite(let path) = settings.database, settings.sqliteCheckpointInterval > 0 {
            _ = use(.sqliteCheckpoint(SQLiteCheckpointer(path: path), every: settings.sqliteCheckpointInterval))
        }
    }

    /// Whether the process's arguments (as Vapor reads them) serve: no command, `serve`, or flags
    /// only (a test runner's). A one-shot command (`migrate`, `seed`, `backup`…) boots the
    /// application too, and a round during a long migration met the database locked by it and
    /// logged a failure, or could meet tables half migrated.
    static func runs(under arguments: [String]) -> Bool {
        guard let command = arguments.dropFirst().first else { return true }
        return command == "serve" || command.hasPrefix("-")
    }
}
