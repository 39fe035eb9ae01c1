import Fluent
import SQLKit

/// SQLite: `priced_fts`, the full-text index again over each priced listing, with its row id
/// the listing's place in price order, `sort_price_cents << 32 | seq` (`PricedSearchIndex.key`),
/// kept by triggers like `listings_fts`. FTS5 reads a word's postings in row-id order, either
/// way, from any row id: so this index yields a word's listings (and its filters' words) in
/// price order, a page at a time. PostgreSQL has `listing_terms` (`CreateListingTerms`).
///
/// Why: neither FTS5 nor a B-tree held "listings with this word, by price". A price sort of a
/// common word walked the price index checking each listing against the word's matches, read
/// once into a set: a word in half of 1M listings spent about 200 ms building the set.
/// Contentless (`content=''`): only the row ids are read back; the text is `listings`'.
struct CreatePricedSearchIndex: AsyncMigration {
    private static var index: SearchIndex { UpdateSearchIndexAddFacets.index }

    func prepare(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await Self.create(Self.index, on: database.sql)
    }

    /// The table as `index` reads listings, filled, and its triggers.
    static func create(_ index: SearchIndex, on sql: any SQLDatabase) async throws {
        let columns = index.columns
        let list = columns.joined(separator: ", ")
        let (new, old) = (columns.map { "new.\($0)" }.joined(separator: ", "), columns.map { "old.\($0)" }.joined(separator: ", "))
        let (newKey, oldKey) = (PricedSearchIndex.key(row: "new"), PricedSearchIndex.key(row: "old"))
        try await createTable(index, on: sql)
        // A contentless index forgets a row when told its row id and the exact words it indexed.
        try await sql.raw("""
            CREATE TRIGGER priced_fts_insert AFTER INSERT ON listings WHEN new.sort_price_cents IS NOT NULL BEGIN
              INSERT INTO priced_fts(rowid, \(unsafeRaw: list)) VALUES (\(unsafeRaw: newKey), \(unsafeRaw: new));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER priced_fts_delete AFTER DELETE ON listings WHEN old.sort_price_cents IS NOT NULL BEGIN
              INSERT INTO priced_fts(priced_fts, rowid, \(unsafeRaw: list)) VALUES ('delete', \(unsafeRaw: oldKey), \(unsafeRaw: old));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER priced_fts_update AFTER UPDATE OF \(unsafeRaw: index.watchedColumns.joined(separator: ", ")) ON listings BEGIN
              INSERT INTO priced_fts(priced_fts, rowid, \(unsafeRaw: list))
                SELECT 'delete', \(unsafeRaw: oldKey), \(unsafeRaw: old) WHERE old.sort_price_cents IS NOT NULL;
              INSERT INTO priced_fts(rowid, \(unsafeRaw: list)) SELECT \(unsafeRaw: newKey), \(unsafeRaw: new) WHERE new.sort_price_cents IS NOT NULL;
            END
            """).run()
    }

    /// `priced_fts` as `index` tokenizes, filled from `listings`.
    static func createTable(_ index: SearchIndex, on sql: any SQLDatabase) async throws {
        let list = index.columns.joined(separator: ", ")
        try await sql.raw("CREATE VIRTUAL TABLE priced_fts USING fts5(\(unsafeRaw: list), content='', \(unsafeRaw: index.tokenizing))").run()
        try await sql.raw("""
            INSERT INTO priced_fts(rowid, \(unsafeRaw: list))
            SELECT \(unsafeRaw: PricedSearchIndex.key(row: "listings")), \(unsafeRaw: list) FROM listings WHERE sort_price_cents IS NOT NULL
            """).run()
    }

    /// `priced_fts` made anew as `index` tokenizes and filled, its triggers left as they are (they
    /// name the table, so they carry on).
    static func rebuildTable(_ index: SearchIndex, on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TABLE priced_fts").run()
        try await createTable(index, on: sql)
    }

    func revert(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        for trigger in ["priced_fts_insert", "priced_fts_delete", "priced_fts_update"] {
            try await database.sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
        }
        try await database.sql.raw("DROP TABLE IF EXISTS priced_fts").run()
    }
}
