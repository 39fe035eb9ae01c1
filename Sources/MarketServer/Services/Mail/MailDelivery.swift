import Foundation
import Vapor

/// Sends what the outbox holds: woken right after a transaction queues mail, and every
/// `interval` for retries and for mail another instance queued.
final class MailDelivery: LifecycleHandler, Sendable {
    let sender: any MailSender
    let from: String
    private let loop: WakeableLoop

    init(sender: any MailSender, from: String, interval: TimeInterval) {
        self.sender = sender
        self.from = from
        loop = WakeableLoop(interval: interval)
    }

    /// Asks for a delivery round now (after a commit that queued mail).
    func wake() { loop.wake() }

    func didBoot(_ app: Application) throws {
        loop.start { [weak app, sender, from] in
            guard let app else { return false }
            do {
                try await MailOutbox(database: app.db, now: app.clock.now(), groupCommit: app.sqliteGroupCommit).deliverDue(with: sender, from: from, logger: app.logger)
            } catch {
                app.logger.warning("mail delivery round failed: \(String(describing: error))")
            }
            return true
        }
        // No round at boot: a command such as `migrate` boots too, maybe before the outbox
        // exists. Mail left from before a restart goes out on the first tick.
    }

    func shutdown(_ app: Application) { loop.stop() }

    func shutdownAsync(_ app: Application) async { await loop.stopWaiting() }
}

extension Application {
    private struct MailDeliveryKey: StorageKey { typealias Value = MailDelivery }

    /// Set by `configure`; tests may replace it before boot with one on another sender.
    var mailDelivery: MailDelivery {
        get {
            guard let delivery = storage[MailDeliveryKey.self] else { fatalError("configure(_:settings:) has not run") }
            return delivery
        }
        set { storage[MailDeliveryKey.self] = newValue }
    }
}
