import Foundation
import Vapor

extension Job {
    /// Sends the push queue (`push_outbox`) through Apple: woken when a push is queued, and every
    /// two seconds for retries and for pushes another instance queued. Each push is claimed
    /// first (`PushRound`), so several instances never send one twice.
    static func pushDelivery(client: APNsClient) -> Job {
        Job("push delivery", every: 2, release: { _ in await client.shutdown() }) { app in
            let sent = try await PushRound(database: app.db, writes: app.jobWrites, client: client, now: app.clock.now(), logger: app.logger).sendDue()
            return sent > 0 ? "sent \(sent) push(es)" : nil
        }
    }
}
