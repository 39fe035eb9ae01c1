import Fluent
import Foundation
import MarketCore
import SQLKit

/// Who blocked whom. A block stops the blocked person from opening conversations with the
/// blocker or writing in one (either side's block stops both), and hides their listings from
/// the blocker's feed.
struct Blocks {
    let database: any Database
    let writes: WriteTransactions
    let now: Date

    func block(_ blockedID: UUID, by userID: UUID) async throws -> BlockedUser {
        guard blockedID != userID else { throw APIError.validation(["userId": "cannot be yourself"]) }
        guard let user = try await UserRecord.query(on: database).filter(\.$id == blockedID).first() else { throw APIError.userNotFound }
        if let existing = try await list(for: userID).items.first(where: { $0.id == blockedID }) { return existing }
        do {
            try await writes.run { [now] tx in
                try await tx.sql.raw("""
                    INSERT INTO user_blocks (id, blocker_id, blocked_id, created_at)
                    VALUES (\(bind: UUID()), \(bind: userID), \(bind: blockedID), \(bind: now))
                    """).run()
            }
        } catch where DatabaseConflict.isConflict(error) {
            // Blocked twice at once: one row is all it takes.
        }
        return BlockedUser(id: blockedID, name: user.publicName, blockedAt: now)
    }

    func unblock(_ blockedID: UUID, by userID: UUID) async throws {
        try await writes.run { tx in
            try await tx.sql.raw("DELETE FROM user_blocks WHERE blocker_id = \(bind: userID) AND blocked_id = \(bind: blockedID)").run()
        }
    }

    func list(for userID: UUID) async throws -> BlockList {
        struct Row: Decodable { var blockedId: UUID; var name: String; var createdAt: Date }
        let rows = try await database.sql.raw("""
            SELECT b.blocked_id, u.public_name AS name, b.created_at FROM user_blocks b JOIN users u ON u.id = b.blocked_id
            WHERE b.blocker_id = \(bind: userID) ORDER BY b.created_at DESC
            """).all(decoding: Row.self, keyDecodingStrategy: .convertFromSnakeCase)
        return BlockList(items: rows.map { BlockedUser(id: $0.blockedId, name: $0.name, blockedAt: $0.createdAt) })
    }

    /// The people `userID` blocked: their listings leave `userID`'s feed.
    static func blockedIDs(by userID: UUID, on sql: any SQLDatabase) async throws -> [UUID] {
        try await sql.raw("SELECT blocked_id FROM user_blocks WHERE blocker_id = \(bind: userID)")
            .all(decodingColumn: "blocked_id", as: UUID.self)
    }

    /// Whether either of two people blocked the other.
    static func between(_ a: UUID, _ b: UUID, on db: any Database) async throws -> Bool {
        try await db.sql.raw("""
            SELECT 1 AS blocked FROM user_blocks
            WHERE (blocker_id = \(bind: a) AND blocked_id = \(bind: b)) OR (blocker_id = \(bind: b) AND blocked_id = \(bind: a))
            LIMIT 1
            """).first() != nil
    }
}
