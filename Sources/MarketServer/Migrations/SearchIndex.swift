import SQLKit

/// The full-text index over title, description, author, ISBN and course code, kept in sync by
/// the database itself on every write: SQLite FTS5 with triggers, PostgreSQL a generated
/// tsvector with a GIN index. Title, author, ISBN and course are weighted as "primary" fields
/// (FTS5 column filter / tsvector weight A) so relevance can put those matches first.
///
/// SQLite also keeps `featured_fts`, the same index over only the listings that have a feature:
/// finding the featured listings that match a query then reads a tiny index, where checking each
/// featured listing against the main index costs ~80 µs apiece (measured).
enum SearchIndex {
    static let columns = "title, author, isbn, course_code, description"

    static func create(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" {
            try await sql.raw("""
                ALTER TABLE listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
                  setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
                  setweight(to_tsvector('english', coalesce(author, '')), 'A') ||
                  setweight(to_tsvector('simple', coalesce(isbn, '')), 'A') ||
                  setweight(to_tsvector('simple', coalesce(course_code, '')), 'A') ||
                  setweight(to_tsvector('english', coalesce(description, '')), 'D')
                ) STORED
                """).run()
            try await sql.raw("CREATE INDEX ix_listings_search ON listings USING GIN (search_vector)").run()
            return
        }
        try await createTables(on: sql, options: "")
        let new = "new.seq, new.title, new.author, new.isbn, new.course_code, new.description"
        let old = "'delete', old.seq, old.title, old.author, old.isbn, old.course_code, old.description"
        try await sql.raw("""
            CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
              INSERT INTO listings_fts(rowid, \(unsafeRaw: columns)) VALUES (\(unsafeRaw: new));
              INSERT INTO featured_fts(rowid, \(unsafeRaw: columns)) SELECT \(unsafeRaw: new) WHERE new.featured_until IS NOT NULL;
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: columns)) VALUES (\(unsafeRaw: old));
              INSERT INTO featured_fts(featured_fts, rowid, \(unsafeRaw: columns)) SELECT \(unsafeRaw: old) WHERE old.featured_until IS NOT NULL;
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_update AFTER UPDATE OF \(unsafeRaw: columns) ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: columns)) VALUES (\(unsafeRaw: old));
              INSERT INTO listings_fts(rowid, \(unsafeRaw: columns)) VALUES (\(unsafeRaw: new));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER featured_fts_update AFTER UPDATE OF \(unsafeRaw: columns), featured_until ON listings BEGIN
              INSERT INTO featured_fts(featured_fts, rowid, \(unsafeRaw: columns)) SELECT \(unsafeRaw: old) WHERE old.featured_until IS NOT NULL;
              INSERT INTO featured_fts(rowid, \(unsafeRaw: columns)) SELECT \(unsafeRaw: new) WHERE new.featured_until IS NOT NULL;
            END
            """).run()
    }

    /// The two FTS5 tables; `options` adds to the shipped definition (`UpdateSearchIndexAddPrefixes`).
    static func createTables(on sql: any SQLDatabase, options: String) async throws {
        for table in ["listings_fts", "featured_fts"] {
            try await sql.raw("""
                CREATE VIRTUAL TABLE \(ident: table) USING fts5(
                  \(unsafeRaw: columns), content='listings', content_rowid='seq',
                  tokenize='porter unicode61 remove_diacritics 2'\(unsafeRaw: options)
                )
                """).run()
        }
    }

    static func drop(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" { return }  // the column goes with the table
        for trigger in ["listings_fts_insert", "listings_fts_delete", "listings_fts_update", "featured_fts_update"] {
            try await sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
        }
        try await sql.raw("DROP TABLE IF EXISTS listings_fts").run()
        try await sql.raw("DROP TABLE IF EXISTS featured_fts").run()
    }
}
