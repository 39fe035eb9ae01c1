import Foundation
import Vapor

/// Sends what the outbox holds: woken right after a transaction queues mail, and every
/// `interval` for retries and for mail another instance queued. Runs inside the server, so an
/// operator needs no worker process.
final class MailDelivery: LifecycleHandler, Sendable {
    let sender: any MailSender
    let from: String
    let interval: TimeInterval
    private let wakeUps: AsyncStream<Void>
    private let waker: AsyncStream<Void>.Continuation
    private let loop = BackgroundLoop()

    init(sender: any MailSender, from: String, interval: TimeInterval) {
        self.sender = sender
        self.from = from
        self.interval = interval
        (wakeUps, waker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for a delivery round now (after a commit that queued mail).
    func wake() { waker.yield() }

    func didBoot(_ app: Application) throws {
        let wakeUps = wakeUps
        loop.start { [weak app, sender, from, interval, waker] in
            // Each round ends by sleeping until the interval passes or `wake` is called.
            let ticker = Task { [waker] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    waker.yield()
                }
            }
            defer { ticker.cancel() }
            for await _ in wakeUps {
                guard let app, !Task.isCancelled else { return }
                do {
                    try await MailOutbox(database: app.db, now: app.clock.now(), groupCommit: app.sqliteGroupCommit).deliverDue(with: sender, from: from, logger: app.logger)
                } catch {
                    app.logger.warning("mail delivery round failed: \(String(describing: error))")
                }
            }
        }
        // No round at boot: a command such as `migrate` boots too, maybe before the outbox
        // exists. Mail left from before a restart goes out on the first tick.
    }

    func shutdown(_ app: Application) {
        waker.finish()
        loop.stop()
    }

    /// Also waits for a delivery round under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ app: Application) async {
        waker.finish()
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
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
