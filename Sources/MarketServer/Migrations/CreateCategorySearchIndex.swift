import Fluent
import SQLKit

/// SQLite: `category_fts` (`CategorySearchIndex`), each listing's text once per category and
/// kind of row, kept by triggers like `priced_fts`: a change to the text or the categories
/// takes the old rows out and puts the new ones in. Contentless (`content=''`): only row ids
/// are read back. No filter words (`SearchFacet`): the category is the row's stretch, and the
/// other filters are checked on each listing read, which in a category are the word's own.
///
/// It costs about as much as `listings_fts` (548 MB at 1M listings, filled in 37 s). A purchase,
/// rental or status change writes none of it. PostgreSQL has no such index.
struct CreateCategorySearchIndex: AsyncMigration {
    private static var index: SearchIndex { SearchIndex.current }

    func prepare(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await Self.create(Self.index, on: database.sql)
    }

    func revert(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        for trigger in ["category_fts_insert", "category_fts_delete", "category_fts_update"] {
            try await database.sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
        }
        try await database.sql.raw("DROP TABLE IF EXISTS category_fts").run()
    }

    /// The table as `index` reads listings, filled, and its triggers.
    static func create(_ index: SearchIndex, on sql: any SQLDatabase) async throws {
        let list = index.indexedText.joined(separator: ", ")
        try await sql.raw("CREATE VIRTUAL TABLE category_fts USING fts5(\(unsafeRaw: list), content='', \(unsafeRaw: index.tokenizing))").run()
        try await sql.raw("INSERT INTO category_fts(rowid, \(unsafeRaw: list)) \(unsafeRaw: rows(index, of: "l", command: nil, joining: "listings l"))").run()
        // A contentless index forgets a row when told its row id and the exact words it indexed.
        try await sql.raw("""
            CREATE TRIGGER category_fts_insert AFTER INSERT ON listings BEGIN
              INSERT INTO category_fts(rowid, \(unsafeRaw: list)) \(unsafeRaw: rows(index, of: "new", command: nil));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER category_fts_delete AFTER DELETE ON listings BEGIN
              INSERT INTO category_fts(category_fts, rowid, \(unsafeRaw: list)) \(unsafeRaw: rows(index, of: "old", command: "delete"));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER category_fts_update AFTER UPDATE OF \(unsafeRaw: (index.indexedText + ["category_mask"]).joined(separator: ", ")) ON listings BEGIN
              INSERT INTO category_fts(category_fts, rowid, \(unsafeRaw: list)) \(unsafeRaw: rows(index, of: "old", command: "delete"));
              INSERT INTO category_fts(rowid, \(unsafeRaw: list)) \(unsafeRaw: rows(index, of: "new", command: nil));
            END
            """).run()
    }

    /// The SELECT of listing `row`'s rows: one per category it is in and kind, the text columns
    /// outside the primary fields empty in a row of the primary fields. `command`: FTS5's
    /// (`'delete'`), first when given; `joining`: the table `row` names, when it is not a trigger's.
    private static func rows(_ index: SearchIndex, of row: String, command: String?, joining table: String? = nil) -> String {
        let values = index.indexedText.map { column in
            index.primaryText.contains(column) ? "\(row).\(column)"
                : "CASE s.column3 WHEN \(CategorySearchIndex.Kind.all.rawValue) THEN \(row).\(column) END"
        }
        let key = "(s.column1 << \(CategorySearchIndex.seqBits)) | \(row).seq"
        let selected = (command.map { ["'\($0)'"] } ?? []) + [key] + values
        return "SELECT \(selected.joined(separator: ", ")) FROM \(CategorySearchIndex.stretches) AS s\(table.map { ", \($0)" } ?? "")"
            + " WHERE (\(row).category_mask & s.column2) != 0"
    }
}
