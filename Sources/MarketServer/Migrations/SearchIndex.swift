import SQLKit

/// The full-text index over title, description, author, ISBN and course code, kept in sync by
/// the database itself on every write: SQLite FTS5 with triggers, PostgreSQL a generated
/// tsvector with a GIN index. Title, author, ISBN and course are weighted as "primary" fields
/// (FTS5 column filter / tsvector weight A) so relevance can put those matches first.
enum SearchIndex {
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
        try await sql.raw("""
            CREATE VIRTUAL TABLE listings_fts USING fts5(
              title, author, isbn, course_code, description,
              content='listings', content_rowid='seq',
              tokenize='porter unicode61 remove_diacritics 2'
            )
            """).run()
        let columns = "title, author, isbn, course_code, description"
        let newValues = "new.title, new.author, new.isbn, new.course_code, new.description"
        let oldValues = "old.title, old.author, old.isbn, old.course_code, old.description"
        try await sql.raw("""
            CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
              INSERT INTO listings_fts(rowid, \(unsafeRaw: columns)) VALUES (new.seq, \(unsafeRaw: newValues));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: columns)) VALUES ('delete', old.seq, \(unsafeRaw: oldValues));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_update AFTER UPDATE OF \(unsafeRaw: columns) ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: columns)) VALUES ('delete', old.seq, \(unsafeRaw: oldValues));
              INSERT INTO listings_fts(rowid, \(unsafeRaw: columns)) VALUES (new.seq, \(unsafeRaw: newValues));
            END
            """).run()
    }

    static func drop(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" { return }  // the column goes with the table
        for trigger in ["listings_fts_insert", "listings_fts_delete", "listings_fts_update"] {
            try await sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
        }
        try await sql.raw("DROP TABLE IF EXISTS listings_fts").run()
    }
}
