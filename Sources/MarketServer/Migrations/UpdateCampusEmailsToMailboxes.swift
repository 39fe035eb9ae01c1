import Foundation
import Fluent
import SQLKit

/// Verified campus addresses stored as their mailbox (`ann+two@UMich.edu` → `ann@umich.edu`,
/// the safe default rule), so the unique index holds one account per mailbox. Where two accounts
/// had verified one mailbox, the first to verify keeps it and the others are no longer verified:
/// they verify again with an address of their own. Written in SQL so it keeps working as the
/// model moves on.
struct UpdateCampusEmailsToMailboxes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let rows = try await database.sql.raw("""
            SELECT id, campus_email FROM users WHERE campus_email IS NOT NULL AND campus_verified_at IS NOT NULL
            ORDER BY campus_verified_at, id
            """).all()
        var kept = Set<String>()
        var moves: [(UUID, String?)] = []
        for row in rows {
            let id = try row.decode(column: "id", as: UUID.self)
            let email = try row.decode(column: "campus_email", as: String.self)
            let key = CampusMailbox.safeDefault.key(of: email)
            if kept.insert(key).inserted { if key != email { moves.append((id, key)) } } else { moves.append((id, nil)) }
        }
        // Unverify the duplicates first, so no re-keyed address meets one still waiting to move.
        for (id, key) in moves where key == nil {
            try await database.sql.raw("UPDATE users SET campus_email = NULL, campus_verified_at = NULL WHERE id = \(bind: id)").run()
        }
        for (id, key) in moves {
            guard let key else { continue }
            try await database.sql.raw("UPDATE users SET campus_email = \(bind: key) WHERE id = \(bind: id)").run()
        }
    }

    func revert(on database: any Database) async throws {}
}
