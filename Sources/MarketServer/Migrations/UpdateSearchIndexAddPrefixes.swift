import Fluent
import SQLKit

/// Search as a person types: the last word matches as a prefix (`calc` → "calculus"). SQLite's
/// FTS5 answers prefix queries from the main index by scanning a range of terms; prefix indexes
/// of 2 and 3 characters make the short, common prefixes cheap. The tables are rebuilt with
/// them (the triggers name the tables, so they carry on). PostgreSQL's GIN index serves
/// `tsquery` prefixes (`calc:*`) as it is.
struct UpdateSearchIndexAddPrefixes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await rebuild(database, options: ", prefix='2 3'")
    }

    func revert(on database: any Database) async throws {
        try await rebuild(database, options: "")
    }

    private func rebuild(_ database: any Database, options: String) async throws {
        guard !database.isPostgres else { return }
        let sql = database.sql
        try await sql.raw("DROP TABLE listings_fts").run()
        try await sql.raw("DROP TABLE featured_fts").run()
        try await SearchIndex.createTables(on: sql, options: options)
        try await sql.raw("INSERT INTO listings_fts(listings_fts) VALUES ('rebuild')").run()
        try await sql.raw("""
            INSERT INTO featured_fts(rowid, \(unsafeRaw: SearchIndex.columns))
            SELECT seq, \(unsafeRaw: SearchIndex.columns) FROM listings WHERE featured_until IS NOT NULL
            """).run()
    }
}
