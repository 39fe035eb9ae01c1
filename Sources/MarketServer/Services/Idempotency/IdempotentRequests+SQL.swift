import Fluent
import Foundation
import SQLKit

/// The statements `IdempotentRequests` runs on `idempotent_requests`, each one conditional
/// statement, in one place.
extension IdempotentRequests {
    /// A key as stored.
    struct Held {
        var fingerprint: String
        var claim: UUID
        var lockedUntil: Date
        var applied: Bool
        var answer: IdempotentAnswer?
    }

    /// Inserts the key held by `token`, in one conditional statement that also keeps the
    /// account within `maxPerAccount` keys; false when the account already has this key or
    /// that many.
    static func insert(_ key: String, of userID: UUID, fingerprint: String, token: UUID, at now: Date,
                       on writes: WriteTransactions) async throws -> Bool {
        try await !write("""
            INSERT INTO idempotent_requests (user_id, key, request_hash, claim, locked_until, created_at)
            SELECT \(bind: userID), \(bind: key), \(bind: fingerprint), \(bind: token), \(bind: now.addingTimeInterval(lease)), \(bind: now)
            WHERE (SELECT COUNT(*) FROM idempotent_requests WHERE user_id = \(bind: userID)) < \(literal: maxPerAccount)
            ON CONFLICT (user_id, key) DO NOTHING RETURNING claim
            """, on: writes).isEmpty
    }

    static func count(of userID: UUID, on db: any Database) async throws -> Int {
        try await db.sql.raw("SELECT COUNT(*) AS held FROM idempotent_requests WHERE user_id = \(bind: userID)")
            .first(decodingColumn: "held", as: Int.self) ?? 0
    }

    static func find(_ key: String, of userID: UUID, on db: any Database) async throws -> Held? {
        guard let row = try await db.sql.raw("""
            SELECT request_hash, claim, locked_until, applied_at, status, headers, body FROM idempotent_requests
            WHERE user_id = \(bind: userID) AND key = \(bind: key)
            """).first() else { return nil }
        var answer: IdempotentAnswer?
        if let status = try row.decode(column: "status", as: Int?.self) {
            let headers = try row.decode(column: "headers", as: String?.self).map {
                try JSONDecoder().decode([String: String].self, from: Data($0.utf8))
            }
            answer = IdempotentAnswer(status: status, headers: headers ?? [:], body: try row.decode(column: "body", as: Data?.self) ?? Data())
        }
        return Held(fingerprint: try row.decode(column: "request_hash", as: String.self), claim: try row.decode(column: "claim", as: UUID.self),
                    lockedUntil: try row.decode(column: "locked_until", as: Date.self),
                    applied: try row.decode(column: "applied_at", as: Date?.self) != nil, answer: answer)
    }

    /// Takes over a key whose attempt `previous` stopped before any write committed; false when
    /// another repeat took it first, or the attempt committed after all.
    static func takeOver(_ key: String, of userID: UUID, from previous: UUID, token: UUID, at now: Date,
                         on writes: WriteTransactions) async throws -> Bool {
        try await !write("""
            UPDATE idempotent_requests SET claim = \(bind: token), locked_until = \(bind: now.addingTimeInterval(lease))
            WHERE user_id = \(bind: userID) AND key = \(bind: key) AND claim = \(bind: previous)
              AND applied_at IS NULL AND status IS NULL AND locked_until <= \(bind: now)
            RETURNING claim
            """, on: writes).isEmpty
    }

    /// Marks the key applied, in the transaction of the request's writes; throws (undoing them)
    /// when another attempt took the key over. A key gone altogether was erased by these very
    /// writes (an account deleting itself erases its keys): nothing is left to mark.
    static func markApplied(_ claim: IdempotencyClaim, on db: any Database) async throws {
        let held = try await db.sql.raw("""
            UPDATE idempotent_requests SET applied_at = COALESCE(applied_at, \(bind: claim.claimedAt))
            WHERE user_id = \(bind: claim.userID) AND key = \(bind: claim.key) AND claim = \(bind: claim.token)
            RETURNING claim
            """).all()
        guard held.isEmpty else { return }
        let takenOver = try await db.sql.raw("""
            SELECT claim FROM idempotent_requests WHERE user_id = \(bind: claim.userID) AND key = \(bind: claim.key)
            """).first() != nil
        if takenOver { throw APIError.idempotencyKeyInUse }
    }

    static func keep(_ answer: IdempotentAnswer, for claim: IdempotencyClaim, at now: Date, on writes: WriteTransactions) async throws {
        let headers = String(decoding: try JSONEncoder().encode(answer.headers), as: UTF8.self)
        _ = try await write("""
            UPDATE idempotent_requests SET status = \(bind: answer.status), headers = \(bind: headers), body = \(bind: answer.body),
              locked_until = \(bind: now)
            WHERE user_id = \(bind: claim.userID) AND key = \(bind: claim.key) AND claim = \(bind: claim.token)
            """, on: writes)
    }

    /// Deletes the key if nothing was written under it; otherwise ends its lease now.
    static func release(_ claim: IdempotencyClaim, at now: Date, on writes: WriteTransactions) async throws {
        _ = try await write("""
            DELETE FROM idempotent_requests
            WHERE user_id = \(bind: claim.userID) AND key = \(bind: claim.key) AND claim = \(bind: claim.token) AND applied_at IS NULL
            """, on: writes)
        _ = try await write("""
            UPDATE idempotent_requests SET locked_until = \(bind: now)
            WHERE user_id = \(bind: claim.userID) AND key = \(bind: claim.key) AND claim = \(bind: claim.token)
            """, on: writes)
    }

    static func delete(before cutoff: Date, on writes: WriteTransactions) async throws {
        try await writes.runInBackground { tx in
            try await tx.sql.raw("DELETE FROM idempotent_requests WHERE created_at < \(bind: cutoff)").run()
        }
    }

    /// One statement that writes: on SQLite through its single writer (`WriteTransactions`), on
    /// PostgreSQL by itself (one round trip, not three: every keyed write runs two of these).
    private static func write(_ statement: SQLQueryString, on writes: WriteTransactions) async throws -> [any SQLRow] {
        guard writes.groupCommit != nil else { return try await writes.database.sql.raw(statement).all() }
        return try await writes.run { tx in try await tx.sql.raw(statement).all() }
    }
}
