import Fluent
import Foundation
import Logging
import MarketCore
import Vapor

/// One delivery round: every due push, one at a time.
struct PushRound {
    /// Attempts before a push is dropped (a push hours late is worse than none).
    static let maxAttempts = 6
    /// How long one instance holds a push it is sending.
    static let claim: TimeInterval = 60

    let database: any Database
    let writes: WriteTransactions
    let client: APNsClient
    let now: Date
    let logger: Logger

    @discardableResult
    func sendDue() async throws -> Int {
        var sent = 0
        while !Task.isCancelled, let push = try await writes.run({ [now] tx in try await Self.claimNext(at: now, on: tx.db) }) {
            let environment = PushEnvironment(rawValue: push.environment) ?? .production
            let outcome = try await client.send(push.payload, to: push.token, in: environment, now: now)
            try await writes.run { tx in
                switch outcome {
                case .sent:
                    try await Self.delete(push.id, on: tx.db)
                case .unregistered:
                    // Its queued pushes go with it (ON DELETE CASCADE).
                    logger.info("push: a \(environment.rawValue) device is no longer registered with Apple; forgotten")
                    try await PushDevices.forget(deviceID: push.device_id, on: tx.db)
                case .retryLater(let reason) where push.attempts < Self.maxAttempts:
                    let delay = min(1_800, 15 * pow(2, Double(push.attempts - 1)))
                    logger.warning("push not accepted (\(reason)); retrying in \(Int(delay)) s")
                    try await Self.retry(push.id, at: now.addingTimeInterval(delay), on: tx.db)
                case .retryLater(let reason), .refused(let reason):
                    logger.error("push dropped after \(push.attempts) attempt(s): \(reason)")
                    try await Self.delete(push.id, on: tx.db)
                }
            }
            if outcome == .sent { sent += 1 }
        }
        return sent
    }
}
