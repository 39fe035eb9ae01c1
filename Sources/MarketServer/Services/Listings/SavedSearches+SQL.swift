import Fluent
import Foundation
import MarketCore
import SQLKit

/// The statements `SavedSearches` runs, in one place: its rules read them by name.
extension SavedSearches {
    static func count(of userID: UUID, on db: any Database) async throws -> Int {
        try await db.sql.raw("SELECT COUNT(*) AS saved FROM saved_searches WHERE user_id = \(bind: userID)").first()?
            .decode(column: "saved", as: Int.self) ?? 0
    }

    /// The search and the terms an alert finds it by (`SavedSearchTerms`), together.
    static func insert(_ search: SavedSearch, of userID: UUID, on database: any Database) async throws {
        let json = String(decoding: try JSONEncoder().encode(search.query), as: UTF8.self)
        try await database.tracedTransaction { db in
            try await db.sql.raw("""
                INSERT INTO saved_searches (id, user_id, name, query, created_at)
                VALUES (\(bind: search.id), \(bind: userID), \(bind: search.name), \(bind: json), \(bind: search.createdAt))
                """).run()
            for term in SavedSearchTerms.index(search.query) {
                try await db.sql.raw("INSERT INTO saved_search_terms (term, saved_search_id) VALUES (\(bind: term), \(bind: search.id))").run()
            }
        }
    }

    /// Newest first.
    static func searches(of userID: UUID, on db: any Database) async throws -> [SavedSearch] {
        try await db.sql.raw("""
            SELECT id, name, query, created_at FROM saved_searches WHERE user_id = \(bind: userID) ORDER BY seq DESC
            """).all().map { try search($0) }
    }

    /// The search when it is `userID`'s.
    static func search(_ id: UUID, of userID: UUID, on db: any Database) async throws -> SavedSearch? {
        try await db.sql.raw("""
            SELECT id, name, query, created_at FROM saved_searches WHERE id = \(bind: id) AND user_id = \(bind: userID)
            """).first().map { try search($0) }
    }

    static func rename(_ id: UUID, to name: String, on db: any Database) async throws {
        try await db.sql.raw("UPDATE saved_searches SET name = \(bind: name) WHERE id = \(bind: id)").run()
    }

    /// The search with its terms and the alerts it already sent.
    static func delete(_ id: UUID, on database: any Database) async throws {
        try await database.tracedTransaction { db in
            try await db.sql.raw("DELETE FROM saved_search_terms WHERE saved_search_id = \(bind: id)").run()
            try await db.sql.raw("DELETE FROM saved_search_hits WHERE saved_search_id = \(bind: id)").run()
            try await db.sql.raw("DELETE FROM saved_searches WHERE id = \(bind: id)").run()
        }
    }

    static func search(_ row: any SQLRow) throws -> SavedSearch {
        try search(row, query: JSONDecoder().decode(ListingQuery.self, from: Data(try row.decode(column: "query", as: String.self).utf8)))
    }

    /// A search from its row, its query known already (`SavedSearchQueryCache`): the row need
    /// not hold the query's JSON.
    static func search(_ row: any SQLRow, query: ListingQuery) throws -> SavedSearch {
        SavedSearch(id: try row.decode(column: "id", as: UUID.self), name: try row.decode(column: "name", as: String.self),
                    query: query, createdAt: try row.decode(column: "created_at", as: Date.self))
    }
}
