import Fluent
import Foundation
import Logging
import MarketCore
import SQLKit
import Vapor

/// Sends the push queue (`push_outbox`) through Apple: woken when a push is queued, and every
/// few seconds for retries and for pushes another instance queued. Each row is claimed first,
/// so several instances never send one twice.
final class PushDelivery: LifecycleHandler, Sendable {
    let client: APNsClient
    private let loop = WakeableLoop(interval: 2)

    /// Attempts before a push is dropped (a push hours late is worse than none).
    static let maxAttempts = 6
    /// How long one instance holds a push it is sending.
    static let claim: TimeInterval = 60

    init(client: APNsClient) { self.client = client }

    func wake() { loop.wake() }

    func didBoot(_ app: Application) throws {
        loop.start { [weak app, client] in
            guard let app else { return false }
            do {
                let round = PushRound(database: app.db, writes: WriteTransactions(database: app.db, groupCommit: app.sqliteGroupCommit, committed: nil),
                                      client: client, now: app.clock.now(), logger: app.logger)
                try await round.sendDue()
            } catch {
                app.logger.warning("push delivery round failed: \(String(describing: error))")
            }
            return true
        }
    }

    func shutdown(_ app: Application) { loop.stop() }

    func shutdownAsync(_ app: Application) async {
        await loop.stopWaiting()
        await client.shutdown()
    }
}

extension Application {
    private struct PushDeliveryKey: StorageKey { typealias Value = PushDelivery }

    /// Set by `configure` when Apple's push service is configured.
    var pushDelivery: PushDelivery? {
        get { storage[PushDeliveryKey.self] }
        set { storage[PushDeliveryKey.self] = newValue }
    }
}
