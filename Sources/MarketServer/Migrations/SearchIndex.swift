import Foundation
import SQLKit

/// The full-text index over title, description, author, ISBN and course code, kept in sync by
/// the database itself on every write: SQLite FTS5 with triggers, PostgreSQL a generated
/// tsvector with a GIN index. Title, author, ISBN and course are weighted as "primary" fields
/// (FTS5 column filter / tsvector weight A) so relevance can put those matches first.
///
/// SQLite also keeps `featured_fts`, the same index over only the listings that have a feature:
/// finding the featured listings that match a query then reads a tiny index, where checking each
/// featured listing against the main index costs ~80 µs apiece (measured).
///
/// Each value is the index as one migration left it; a later migration rebuilds it from another.
/// `current` is the one the search reads.
struct SearchIndex {
    /// Added to FTS5's options (`UpdateSearchIndexAddPrefixes`).
    let options: String
    /// The filters the index also holds as words (`SearchFacet`, `UpdateSearchIndexAddFacets`).
    let facets: [SearchFacet]
    /// Whether it holds Spanish listings' stems (`SpanishTerms`) and, on PostgreSQL, reads words
    /// with their accents folded, as SQLite's tokenizer does (`UpdateSearchIndexAddSpanish`).
    var spanish = false

    static let current = UpdateSearchIndexAddSpanish.index

    static let textColumns = ["title", "author", "isbn", "course_code", "description"]
    /// `ListingRecord.titleStems` (a primary field) and `descriptionStems`.
    static let stemColumns = ["title_stems", "description_stems"]
    static let original = SearchIndex(options: "", facets: [])

    /// The text columns this index reads: the words, and the Spanish stems when it holds them.
    var indexedText: [String] { Self.textColumns + (spanish ? Self.stemColumns : []) }
    /// The longest prefix FTS5 keeps an index of (its `prefix` option), in characters; 0 for none.
    var longestPrefix: Int {
        guard let start = options.range(of: "prefix='") else { return 0 }
        return options[start.upperBound...].prefix { $0 != "'" }.split(separator: " ").compactMap { Int($0) }.max() ?? 0
    }

    /// The columns of its first relevance tier, FTS5's column filter (title, author, ISBN, course).
    var primaryText: [String] { ["title", "author", "isbn", "course_code"] + (spanish ? ["title_stems"] : []) }

    /// SQLite: the generated column FTS5 reads the facet words from, computed from the listing's own columns.
    static let facetColumn = "search_facets"

    /// The columns FTS5 indexes (SQLite).
    var columns: [String] { indexedText + (facets.isEmpty ? [] : [Self.facetColumn]) }

    func create(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" {
            try await sql.raw("ALTER TABLE listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (\(unsafeRaw: vector)) STORED").run()
            try await sql.raw("CREATE INDEX ix_listings_search ON listings USING GIN (search_vector)").run()
            return
        }
        if !facets.isEmpty {
            try await sql.raw("ALTER TABLE listings ADD COLUMN \(ident: Self.facetColumn) TEXT GENERATED ALWAYS AS (\(unsafeRaw: facetWords)) VIRTUAL").run()
        }
        try await createTables(on: sql)
        let list = columns.joined(separator: ", ")
        let new = columns.map { "new.\($0)" }.joined(separator: ", ")
        let old = columns.map { "old.\($0)" }.joined(separator: ", ")
        // A listing is re-indexed when a column the index reads changes (facets: the columns they are computed from).
        let watched = watchedColumns.joined(separator: ", ")
        try await sql.raw("""
            CREATE TRIGGER listings_fts_insert AFTER INSERT ON listings BEGIN
              INSERT INTO listings_fts(rowid, \(unsafeRaw: list)) VALUES (new.seq, \(unsafeRaw: new));
              INSERT INTO featured_fts(rowid, \(unsafeRaw: list)) SELECT new.seq, \(unsafeRaw: new) WHERE new.featured_until IS NOT NULL;
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_delete AFTER DELETE ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: list)) VALUES ('delete', old.seq, \(unsafeRaw: old));
              INSERT INTO featured_fts(featured_fts, rowid, \(unsafeRaw: list)) SELECT 'delete', old.seq, \(unsafeRaw: old) WHERE old.featured_until IS NOT NULL;
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listings_fts_update AFTER UPDATE OF \(unsafeRaw: watched) ON listings BEGIN
              INSERT INTO listings_fts(listings_fts, rowid, \(unsafeRaw: list)) VALUES ('delete', old.seq, \(unsafeRaw: old));
              INSERT INTO listings_fts(rowid, \(unsafeRaw: list)) VALUES (new.seq, \(unsafeRaw: new));
            END
            """).run()
        try await sql.raw("""
            CREATE TRIGGER featured_fts_update AFTER UPDATE OF \(unsafeRaw: watched), featured_until ON listings BEGIN
              INSERT INTO featured_fts(featured_fts, rowid, \(unsafeRaw: list)) SELECT 'delete', old.seq, \(unsafeRaw: old) WHERE old.featured_until IS NOT NULL;
              INSERT INTO featured_fts(rowid, \(unsafeRaw: list)) SELECT new.seq, \(unsafeRaw: new) WHERE new.featured_until IS NOT NULL;
            END
            """).run()
        try await fill(on: sql)
    }

    func drop(on sql: any SQLDatabase) async throws {
        if sql.dialect.name == "postgresql" {
            try await sql.raw("ALTER TABLE listings DROP COLUMN IF EXISTS search_vector").run()  // its index goes with it
            return
        }
        for trigger in ["listings_fts_insert", "listings_fts_delete", "listings_fts_update", "featured_fts_update"] {
            try await sql.raw("DROP TRIGGER IF EXISTS \(ident: trigger)").run()
        }
        try await sql.raw("DROP TABLE IF EXISTS listings_fts").run()
        try await sql.raw("DROP TABLE IF EXISTS featured_fts").run()
        if !facets.isEmpty { try await sql.raw("ALTER TABLE listings DROP COLUMN \(ident: Self.facetColumn)").run() }
    }

    /// SQLite: the two FTS5 tables made anew and filled, the triggers left as they are (they
    /// name the tables, so they carry on).
    func rebuildTables(on sql: any SQLDatabase) async throws {
        try await sql.raw("DROP TABLE listings_fts").run()
        try await sql.raw("DROP TABLE featured_fts").run()
        try await createTables(on: sql)
        try await fill(on: sql)
    }

    /// PostgreSQL's tsvector: the text columns weighted, and the facets (weight B, which no
    /// query for typed words asks for by weight).
    private var vector: String {
        var parts = primaryFields.map { "setweight(\($0), 'A')" }
            + ["setweight(\(words("description")), 'D')"] + (spanish ? ["setweight(\(words("description_stems")), 'D')"] : [])
        if !facets.isEmpty { parts.append("setweight(\(facetVector), 'B')") }
        return parts.joined(separator: " || ")
    }

    /// PostgreSQL: the "primary" fields' words (title, author, ISBN, course code), as
    /// `search_vector` reads them with weight A.
    private var primaryFields: [String] {
        [words("title"), words("author"), "to_tsvector('simple', coalesce(isbn, ''))", "to_tsvector('simple', coalesce(course_code, ''))"]
            + (spanish ? [words("title_stems")] : [])
    }

    /// PostgreSQL: the English words of `column`, accents folded first when the index folds them
    /// (`translate` with `AccentFolding`'s letters: immutable, as a generated column needs).
    private func words(_ column: String) -> String {
        guard spanish else { return "to_tsvector('english', coalesce(\(column), ''))" }
        return "to_tsvector('english', translate(coalesce(\(column), ''), '\(AccentFolding.from)', '\(AccentFolding.to)'))"
    }

    /// PostgreSQL: the facets' lexemes of a listing, as a tsvector.
    private var facetVector: String {
        let lexemes = facets.map { "CASE WHEN \($0.rowCondition) THEN '\($0.lexeme)' END" }.joined(separator: ", ")
        return "array_to_tsvector(array_remove(ARRAY[\(lexemes)], NULL))"
    }

    /// PostgreSQL: `primary_vector`, the primary fields' words and the facets without weights,
    /// with a GIN index of its own (`UpdateSearchIndexAddPrimaryVector`). A GIN index holds no
    /// weights, so asking `search_vector` for words in the primary fields (`'wooden':*A`) finds
    /// every listing with the words anywhere and rechecks each row: 18,855 rows read for none
    /// kept in `q=wooden&category=textbooks` (148 ms at 1M listings). This index answers the
    /// relevance's first tier exactly (15 ms).
    func createPrimaryVector(on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        let vector = (primaryFields + (facets.isEmpty ? [] : [facetVector])).joined(separator: " || ")
        try await sql.raw("ALTER TABLE listings ADD COLUMN primary_vector tsvector GENERATED ALWAYS AS (\(unsafeRaw: vector)) STORED").run()
        try await sql.raw("CREATE INDEX ix_listings_primary_search ON listings USING GIN (primary_vector)").run()
    }

    func dropPrimaryVector(on sql: any SQLDatabase) async throws {
        guard sql.dialect.name == "postgresql" else { return }
        try await sql.raw("ALTER TABLE listings DROP COLUMN IF EXISTS primary_vector").run()  // its index goes with it
    }

    /// SQLite: the facet words of a listing, separated by spaces.
    private var facetWords: String {
        facets.map { "(CASE WHEN \($0.rowCondition) THEN ' \($0.token)' ELSE '' END)" }.joined(separator: " || ")
    }

    /// FTS5's tokenizer and options: an index read with the same queries must tokenize alike.
    var tokenizing: String { "tokenize='porter unicode61 remove_diacritics 2'\(options)" }

    /// The columns whose change re-indexes a listing: the text, and what the facets are computed from.
    var watchedColumns: [String] { indexedText + (facets.isEmpty ? [] : SearchFacet.sourceColumns) }

    private func createTables(on sql: any SQLDatabase) async throws {
        for table in ["listings_fts", "featured_fts"] {
            try await sql.raw("""
                CREATE VIRTUAL TABLE \(ident: table) USING fts5(
                  \(unsafeRaw: columns.joined(separator: ", ")), content='listings', content_rowid='seq', \(unsafeRaw: tokenizing)
                )
                """).run()
        }
    }

    private func fill(on sql: any SQLDatabase) async throws {
        let list = columns.joined(separator: ", ")
        try await sql.raw("INSERT INTO listings_fts(listings_fts) VALUES ('rebuild')").run()
        try await sql.raw("""
            INSERT INTO featured_fts(rowid, \(unsafeRaw: list))
            SELECT seq, \(unsafeRaw: list) FROM listings WHERE featured_until IS NOT NULL
            """).run()
    }
}
