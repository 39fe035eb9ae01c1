import Vapor
import Fluent
import Foundation
import SQLKit

/// Runs `FeatureExpiry` every `settings.featureSweepInterval` while the application is up: a
/// job inside the server, so an operator needs no cron.
struct FeatureExpiryJob: LifecycleHandler {
    private let loop = BackgroundLoop()

    /// Sync, so both `boot()` (tests) and `asyncBoot()` (serve) start it.
    func didBoot(_ app: Application) throws {
        let interval = app.settings.featureSweepInterval
        loop.start { [weak app] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(interval))
                guard let app, !Task.isCancelled else { return }
                do {
                    let ended = try await FeatureExpiry(database: app.db, now: app.clock.now(), groupCommit: app.sqliteGroupCommit).sweep()
                    if ended > 0 { app.logger.info("ended \(ended) expired feature(s)") }
                } catch {
                    app.logger.warning("feature expiry sweep failed: \(String(describing: error))")
                }
            }
        }
    }

    func shutdown(_ app: Application) {
        loop.stop()
    }

    /// Also waits for a sweep under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ app: Application) async {
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
}
