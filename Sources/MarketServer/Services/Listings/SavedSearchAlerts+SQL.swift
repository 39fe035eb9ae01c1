import Fluent
import Foundation
import MarketCore
import SQLKit

/// The statements `SavedSearchAlerts` runs, in one place: its rules read them by name.
extension SavedSearchAlerts {
    /// Queues the listing for matching (once, however often it is queued before a round); each
    /// time with a new token, so a round that read it before keeps it queued (`finish`).
    static func enqueue(_ listingID: UUID, at now: Date, on db: any Database) async throws {
        try await db.sql.raw("""
            INSERT INTO saved_search_queue (listing_id, queued_at, token) VALUES (\(bind: listingID), \(bind: now), \(bind: UUID()))
            ON CONFLICT (listing_id) DO UPDATE SET token = excluded.token
            """).run()
    }

    /// The oldest queued listings, with the token each was read with.
    static func queued(limit: Int, on db: any Database) async throws -> [(listingID: UUID, token: UUID?)] {
        try await db.sql.raw("SELECT listing_id, token FROM saved_search_queue ORDER BY queued_at LIMIT \(bind: limit)").all().map {
            (try $0.decode(column: "listing_id", as: UUID.self), try $0.decode(column: "token", as: UUID?.self))
        }
    }

    /// Drops a matched listing from the queue, unless it was queued again since it was read.
    static func finish(_ listingID: UUID, token: UUID?, on db: any Database) async throws {
        let same: SQLQueryString = token.map { "token = \(bind: $0)" } ?? "token IS NULL"
        try await db.sql.raw("DELETE FROM saved_search_queue WHERE listing_id = \(bind: listingID) AND \(same)").run()
    }

    /// The searches indexed under any of `terms` (one column of the terms' primary key).
    static func searches(indexedUnder terms: [String], on db: any Database) async throws -> [UUID] {
        try await db.sql.raw("SELECT DISTINCT saved_search_id FROM saved_search_terms WHERE term IN (\(binds: terms))")
            .all(decodingColumn: "saved_search_id", as: UUID.self)
    }

    /// Of `searches`, those whose owner may hear of `sellerID`'s listings (not the seller, not
    /// suspended, no block either way), with what `SavedSearches.search` and the campus rule read.
    static func ownerRows(of searches: [UUID], mayHearOf sellerID: UUID, on db: any Database) async throws -> [any SQLRow] {
        try await db.sql.raw("""
            SELECT s.id, s.user_id, s.name, s.created_at, u.email, u.campus_email, u.campus_verified_at, u.roles
            FROM saved_searches s JOIN users u ON u.id = s.user_id
            WHERE s.id IN (\(binds: searches)) AND s.user_id <> \(bind: sellerID) AND u.suspended_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = s.user_id AND b.blocked_id = \(bind: sellerID))
                                                            OR (b.blocker_id = \(bind: sellerID) AND b.blocked_id = s.user_id))
            """).all()
    }

    /// Which of `owners` were told of the listing through any of their searches (but `excluding`):
    /// read from the owners' searches (20 at most each), so it costs the same however many people
    /// a popular listing has told already.
    static func ownersTold(of listingID: UUID, among owners: Set<UUID>, excluding searches: Set<UUID> = [],
                           on sql: any SQLDatabase) async throws -> Set<UUID> {
        guard !owners.isEmpty else { return [] }
        let rows = try await sql.raw("""
            SELECT s.user_id, s.id FROM saved_searches s JOIN saved_search_hits h ON h.saved_search_id = s.id AND h.listing_id = \(bind: listingID)
            WHERE s.user_id IN (\(binds: Array(owners)))
            """).all()
        var told = Set<UUID>()
        for row in rows where !searches.contains(try row.decode(column: "id", as: UUID.self)) {
            told.insert(try row.decode(column: "user_id", as: UUID.self))
        }
        return told
    }

    /// Records that each of `searches` was told of the listing, in one statement; answers those
    /// not told before (a search another instance told meanwhile is not returned).
    static func recordHits(of searches: [UUID], for listingID: UUID, on db: any Database) async throws -> Set<UUID> {
        let values = searches.map { "(\(bind: $0), \(bind: listingID))" as SQLQueryString }
        return Set(try await db.sql.raw("""
            INSERT INTO saved_search_hits (saved_search_id, listing_id) VALUES \(values.joined(separator: ", "))
            ON CONFLICT DO NOTHING RETURNING saved_search_id
            """).all(decodingColumn: "saved_search_id", as: UUID.self))
    }
}
