import Fluent
import Foundation
import SQLKit

/// The statements `PushRound` runs on `push_outbox`, in one place: its rules read them by name.
extension PushRound {
    struct Claimed: Decodable, Sendable {
        let id: UUID
        let device_id: UUID
        let payload: String
        let attempts: Int
        let token: String
        let environment: String
    }

    /// Takes the next due push no other instance holds (the WHERE is checked again on the
    /// updated row, so of two instances racing for one push only one gets it).
    static func claimNext(at now: Date, on database: any Database) async throws -> Claimed? {
        let free = SQLQueryString("next_attempt_at <= \(bind: now) AND (claimed_until IS NULL OR claimed_until < \(bind: now))")
        guard let claimed = try await database.sql.raw("""
            UPDATE push_outbox SET claimed_until = \(bind: now.addingTimeInterval(claim)), attempts = attempts + 1
            WHERE id = (SELECT id FROM push_outbox WHERE \(free) ORDER BY next_attempt_at LIMIT 1) AND \(free)
            RETURNING id, device_id
            """).first() else { return nil }
        let id = try claimed.decode(column: "id", as: UUID.self)
        return try await database.sql.raw("""
            SELECT p.id, p.device_id, p.payload, p.attempts, d.token, d.environment
            FROM push_outbox p JOIN push_devices d ON d.id = p.device_id WHERE p.id = \(bind: id)
            """).first(decoding: Claimed.self)
    }

    /// Sent, or given up on.
    static func delete(_ id: UUID, on db: any Database) async throws {
        try await db.sql.raw("DELETE FROM push_outbox WHERE id = \(bind: id)").run()
    }

    /// Tried again at `time`, by whichever instance is free then.
    static func retry(_ id: UUID, at time: Date, on db: any Database) async throws {
        try await db.sql.raw("UPDATE push_outbox SET next_attempt_at = \(bind: time), claimed_until = NULL WHERE id = \(bind: id)").run()
    }
}
