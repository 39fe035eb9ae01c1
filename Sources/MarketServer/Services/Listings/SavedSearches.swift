import Fluent
import Foundation
import MarketCore
import SQLKit

/// Searches students keep: at most 20 each, listed newest first, renamed, deleted; and the
/// alert when a listing created or changed matches one (`SavedSearchAlerts`).
struct SavedSearches {
    let database: any Database
    let now: Date

    func create(_ input: SavedSearchInput, by userID: UUID) async throws -> SavedSearch {
        guard let asked = input.query else { throw APIError.validation(["query": "is required: the feed's words and filters"]) }
        let query = asked.asSavedSearch
        var problems = query.problemsAsSavedSearch()
        let name = try Self.name(input.name, default: query, problems: &problems)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        let count = try await database.sql.raw("SELECT COUNT(*) AS saved FROM saved_searches WHERE user_id = \(bind: userID)").first()?
            .decode(column: "saved", as: Int.self) ?? 0
        guard count < SavedSearch.maxPerAccount else {
            throw APIError(.conflict, code: "too_many_saved_searches",
                           message: "You can keep \(SavedSearch.maxPerAccount) saved searches. Delete one to save another.")
        }
        let search = SavedSearch(id: UUID(), name: name, query: query, createdAt: now)
        let json = String(decoding: try JSONEncoder().encode(query), as: UTF8.self)
        try await database.transaction { db in
            try await db.sql.raw("""
                INSERT INTO saved_searches (id, user_id, name, query, created_at)
                VALUES (\(bind: search.id), \(bind: userID), \(bind: name), \(bind: json), \(bind: now))
                """).run()
            for term in SavedSearchTerms.index(query) {
                try await db.sql.raw("INSERT INTO saved_search_terms (term, saved_search_id) VALUES (\(bind: term), \(bind: search.id))").run()
            }
        }
        return search
    }

    func list(for userID: UUID) async throws -> [SavedSearch] {
        try await database.sql.raw("""
            SELECT id, name, query, created_at FROM saved_searches WHERE user_id = \(bind: userID) ORDER BY seq DESC
            """).all().map(Self.search)
    }

    func rename(_ id: UUID, to input: SavedSearchInput, by userID: UUID) async throws -> SavedSearch {
        var search = try await owned(id, by: userID)
        var problems: FieldErrors = [:]
        guard let typed = input.name else { throw APIError.validation(["name": "is required"]) }
        search.name = try Self.name(typed, default: search.query, problems: &problems)
        guard problems.isEmpty else { throw APIError.validation(problems) }
        try await database.sql.raw("UPDATE saved_searches SET name = \(bind: search.name) WHERE id = \(bind: id)").run()
        return search
    }

    func delete(_ id: UUID, by userID: UUID) async throws {
        _ = try await owned(id, by: userID)
        try await database.transaction { db in
            try await db.sql.raw("DELETE FROM saved_search_terms WHERE saved_search_id = \(bind: id)").run()
            try await db.sql.raw("DELETE FROM saved_search_hits WHERE saved_search_id = \(bind: id)").run()
            try await db.sql.raw("DELETE FROM saved_searches WHERE id = \(bind: id)").run()
        }
    }

    private func owned(_ id: UUID, by userID: UUID) async throws -> SavedSearch {
        guard let row = try await database.sql.raw("""
            SELECT id, name, query, created_at FROM saved_searches WHERE id = \(bind: id) AND user_id = \(bind: userID)
            """).first() else {
            throw APIError(.notFound, code: "saved_search_not_found", message: "You have no saved search with this id.")
        }
        return try Self.search(row)
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

    /// The given name, trimmed (1–60 characters), or one made of the words and filters.
    private static func name(_ typed: String?, default query: ListingQuery, problems: inout FieldErrors) throws -> String {
        if let typed {
            let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
            if !(1...60).contains(trimmed.count) { problems["name"] = "must be 1–60 characters" }
            return trimmed
        }
        let parts = [query.text.map { "“\($0)”" }] + query.categories.map(\.label)
            + [query.offer.map { "to \($0.rawValue)" }, query.condition?.label, query.seller.map { _ in "one seller" }]
        return String(parts.compactMap { $0 }.joined(separator: ", ").prefix(60)).nonEmpty ?? "Price range"
    }
}
