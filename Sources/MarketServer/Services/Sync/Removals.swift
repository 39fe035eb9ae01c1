import Foundation
import MarketCore
import SQLKit

/// Writes what left an account's lists, in the transaction that removed it: a deleted row
/// cannot say it changed, so `AccountChanges` reads these instead (`CreateRemovals`).
enum Removals {
    /// How long a removal is kept, and so how far back `GET /me/changes` reaches.
    static let retention: TimeInterval = 30 * 86_400

    /// One statement for every user told (a listing deleted tells each who saved it).
    static func record(_ kind: AccountChange.Kind, _ subjectID: UUID, for users: [UUID], at now: Date, on sql: any SQLDatabase) async throws {
        let told = Set(users)
        guard !told.isEmpty else { return }
        var insert = sql.insert(into: "removals").columns("user_id", "kind", "subject_id", "removed_at")
        for user in told { insert = insert.values(SQLBind(user), SQLBind(kind.rawValue), SQLBind(subjectID), SQLBind(now)) }
        try await insert.run()
    }

    /// Forgets removals older than `retention`; a cursor from before then is answered 410.
    static func sweep(before cutoff: Date, on sql: any SQLDatabase) async throws {
        try await sql.raw("DELETE FROM removals WHERE removed_at < \(bind: cutoff)").run()
    }
}
