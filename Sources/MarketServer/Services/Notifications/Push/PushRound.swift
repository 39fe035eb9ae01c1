import Fluent
import Foundation
import Logging
import MarketCore
import SQLKit
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

    private struct Claimed: Decodable, Sendable {
        let id: UUID
        let device_id: UUID
        let payload: String
        let attempts: Int
        let token: String
        let environment: String
    }

    @discardableResult
    func sendDue() async throws -> Int {
        var sent = 0
        while !Task.isCancelled, let push = try await writes.run({ tx in try await claimNext(on: tx.db) }) {
            let environment = PushEnvironment(rawValue: push.environment) ?? .production
            let outcome = try await client.send(push.payload, to: push.token, in: environment, now: now)
            try await writes.run { tx in
                switch outcome {
                case .sent:
                    try await tx.sql.raw("DELETE FROM push_outbox WHERE id = \(bind: push.id)").run()
                case .unregistered:
                    // Its queued pushes go with it (ON DELETE CASCADE).
                    logger.info("push: a \(environment.rawValue) device is no longer registered with Apple; forgotten")
                    try await PushDevices.forget(deviceID: push.device_id, on: tx.db)
                case .retryLater(let reason) where push.attempts < Self.maxAttempts:
                    let delay = min(1_800, 15 * pow(2, Double(push.attempts - 1)))
                    logger.warning("push not accepted (\(reason)); retrying in \(Int(delay)) s")
                    try await tx.sql.raw("""
                        UPDATE push_outbox SET next_attempt_at = \(bind: now.addingTimeInterval(delay)), claimed_until = NULL WHERE id = \(bind: push.id)
                        """).run()
                case .retryLater(let reason), .refused(let reason):
                    logger.error("push dropped after \(push.attempts) attempt(s): \(reason)")
                    try await tx.sql.raw("DELETE FROM push_outbox WHERE id = \(bind: push.id)").run()
                }
            }
            if outcome == .sent { sent += 1 }
        }
        return sent
    }

    /// Takes the next due push no other instance holds (the WHERE is checked again on the
    /// updated row, so of two instances racing for one push only one gets it).
    private func claimNext(on database: any Database) async throws -> Claimed? {
        let free = SQLQueryString("next_attempt_at <= \(bind: now) AND (claimed_until IS NULL OR claimed_until < \(bind: now))")
        guard let claimed = try await database.sql.raw("""
            UPDATE push_outbox SET claimed_until = \(bind: now.addingTimeInterval(Self.claim)), attempts = attempts + 1
            WHERE id = (SELECT id FROM push_outbox WHERE \(free) ORDER BY next_attempt_at LIMIT 1) AND \(free)
            RETURNING id, device_id
            """).first() else { return nil }
        let id = try claimed.decode(column: "id", as: UUID.self)
        return try await database.sql.raw("""
            SELECT p.id, p.device_id, p.payload, p.attempts, d.token, d.environment
            FROM push_outbox p JOIN push_devices d ON d.id = p.device_id WHERE p.id = \(bind: id)
            """).first(decoding: Claimed.self)
    }
}
