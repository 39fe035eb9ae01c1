import Fluent
import Foundation
import MarketCore
import SQLKit

/// Saved searches indexed anew by their words' stems (`SavedSearchTerms`), as the alerts now match
/// by the search box's rule (`SearchWordRule`): indexed by the words as typed, a search for
/// `camping` would not be a candidate for a listing of "camps" and would never hear of it. Each
/// search's terms are replaced in batches of 500, in one transaction.
struct UpdateSavedSearchTermsToStems: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.transaction { db in try await Self.reindex(on: db) }
    }

    /// Every saved search's terms replaced by those `SavedSearchTerms` gives it now.
    static func reindex(on db: any Database) async throws {
        var after: Int64 = 0
        while true {
            let rows = try await db.sql.raw("SELECT seq, id, query FROM saved_searches WHERE seq > \(bind: after) ORDER BY seq LIMIT 500").all()
            guard let last = rows.last else { return }
            var ids: [UUID] = [], terms: [SQLQueryString] = []
            for row in rows {
                let id = try row.decode(column: "id", as: UUID.self)
                let query = try JSONDecoder().decode(ListingQuery.self, from: Data(try row.decode(column: "query", as: String.self).utf8))
                ids.append(id)
                terms += SavedSearchTerms.index(query).map { "(\(bind: $0), \(bind: id))" }
            }
            try await db.sql.raw("DELETE FROM saved_search_terms WHERE saved_search_id IN (\(binds: ids))").run()
            try await db.sql.raw("INSERT INTO saved_search_terms (term, saved_search_id) VALUES \(terms.joined(separator: ", ")) ON CONFLICT DO NOTHING").run()
            after = try last.decode(column: "seq", as: Int64.self)
        }
    }

    func revert(on database: any Database) async throws {}
}
