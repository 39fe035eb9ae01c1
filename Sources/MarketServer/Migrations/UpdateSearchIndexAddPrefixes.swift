import Fluent
import SQLKit

/// Search as a person types: the last word matches as a prefix (`calc` → "calculus"). SQLite's
/// FTS5 answers prefix queries from the main index by scanning a range of terms; prefix indexes
/// of 2 and 3 characters make the short, common prefixes cheap. The tables are rebuilt with
/// them. PostgreSQL's GIN index serves `tsquery` prefixes (`calc:*`) as it is.
struct UpdateSearchIndexAddPrefixes: AsyncMigration {
    static let index = SearchIndex(options: ", prefix='2 3'", facets: [])

    func prepare(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await Self.index.rebuildTables(on: database.sql)
    }

    func revert(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await SearchIndex.original.rebuildTables(on: database.sql)
    }
}
