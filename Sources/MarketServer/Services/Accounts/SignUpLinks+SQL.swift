import Fluent
import Foundation
import MarketCore
import SQLKit

/// The statements `SignUpLinks` runs on `pending_sign_ups`, in one place: its rules read them by name.
extension SignUpLinks {
    /// Unfinished sign-ups hold an address, a name and a password hash: forgotten once old.
    static func forgetPending(before cutoff: Date, on db: any Database) async throws {
        try await db.sql.raw("DELETE FROM pending_sign_ups WHERE expires_at < \(bind: cutoff)").run()
    }

    static func insertPending(_ draft: RegistrationDraft, passwordHash: String, tokenHash: String, at now: Date, on db: any Database) async throws {
        try await db.sql.raw("""
            INSERT INTO pending_sign_ups (id, email, name, username, password_hash, token_hash, created_at, expires_at)
            VALUES (\(bind: UUID()), \(bind: draft.email), \(bind: draft.name), \(bind: draft.username), \(bind: passwordHash),
                    \(bind: tokenHash), \(bind: now), \(bind: now.addingTimeInterval(lifetime)))
            """).run()
    }

    /// The password hash of a link still usable (unused, unexpired, not spent by wrong passwords).
    static func pendingPasswordHash(tokenHash: String, at now: Date, on db: any Database) async throws -> String? {
        try await db.sql.raw("""
            SELECT password_hash FROM pending_sign_ups
            WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL AND expires_at > \(bind: now) AND failed_attempts < \(literal: attempts)
            """).first(decodingColumn: "password_hash", as: String.self)
    }

    static func countFailure(tokenHash: String, on db: any Database) async throws {
        try await db.sql.raw("UPDATE pending_sign_ups SET failed_attempts = failed_attempts + 1 WHERE token_hash = \(bind: tokenHash)").run()
    }

    /// Takes a usable link in one statement (of two clicks racing, one finds it unused) and
    /// answers the account it asks for, not yet stored; nil when the link is not usable.
    static func take(tokenHash: String, at now: Date, on db: any Database) async throws -> UserRecord? {
        guard let row = try await db.sql.raw("""
            UPDATE pending_sign_ups SET used_at = \(bind: now)
            WHERE token_hash = \(bind: tokenHash) AND used_at IS NULL AND expires_at > \(bind: now)
              AND failed_attempts < \(literal: attempts)
            RETURNING email, name, username, password_hash
            """).first() else { return nil }
        return UserRecord(email: try row.decode(column: "email", as: String.self), username: try row.decode(column: "username", as: String?.self),
                          name: try row.decode(column: "name", as: String.self),
                          passwordHash: try row.decode(column: "password_hash", as: String.self), now: now)
    }
}
