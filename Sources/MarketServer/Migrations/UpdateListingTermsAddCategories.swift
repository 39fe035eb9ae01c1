import Fluent
import MarketCore
import SQLKit

/// PostgreSQL: each `listing_terms` entry carries its listing's `category_mask`, and each
/// category has a B-tree of its own listings' entries, keyed (term, mark, seq) like
/// `ix_listing_terms_age` (`ListingTerms.category`): a text search in one category, newest first
/// or by relevance, walks only that category's listings of the word.
///
/// Why: such a search walked the category's newest listings checking each, then the word's
/// listings of every category checking each one's category on its row, then read the rest by
/// the text index's matches. A common word a category never has cost the most: `q=desk` in
/// clothing spent 16 of its 28 ms in one statement at 1M listings, for an empty page. The
/// trigger now also follows a listing's categories; the table is filled again in one
/// transaction, as `UpdateListingTermsAddAge` did.
struct UpdateListingTermsAddCategories: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            let sql = database.sql
            try await sql.raw("ALTER TABLE listing_terms ADD COLUMN category_mask bigint NOT NULL DEFAULT 0").run()
            try await Self.follow(withCategories: true, on: sql)
            try await sql.raw("DROP INDEX ix_listing_terms_age").run()
            try await sql.raw("DROP INDEX ix_listing_terms").run()
            try await sql.raw("TRUNCATE listing_terms").run()
            try await sql.raw("""
                INSERT INTO listing_terms (term, sort_price_cents, seq, primary_word, category_mask)
                SELECT t.lexeme, l.sort_price_cents, l.seq, 'A' = ANY(t.weights), l.category_mask FROM listings l, \(Self.words("l"))
                """).run()
            try await sql.raw("""
                CREATE INDEX ix_listing_terms ON listing_terms (term, sort_price_cents, seq) WHERE sort_price_cents IS NOT NULL
                """).run()
            try await sql.raw("CREATE INDEX ix_listing_terms_age ON listing_terms (term, primary_word, seq) INCLUDE (sort_price_cents)").run()
            for category in ListingCategory.allCases {
                try await sql.raw("""
                    CREATE INDEX \(ident: ListingTerms.index(category)) ON listing_terms (term, primary_word, seq) INCLUDE (sort_price_cents)
                    WHERE \(FeedIndexes.categoryCondition(category.bit))
                    """).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            let sql = database.sql
            for category in ListingCategory.allCases {
                try await sql.raw("DROP INDEX IF EXISTS \(ident: ListingTerms.index(category))").run()
            }
            try await Self.follow(withCategories: false, on: sql)
            try await sql.raw("ALTER TABLE listing_terms DROP COLUMN category_mask").run()
        }
    }

    /// `listing_terms_follow` and its trigger: a listing's entries go out and come back when its
    /// words or price change, and, `withCategories`, its categories, which each entry then carries.
    private static func follow(withCategories: Bool, on sql: any SQLDatabase) async throws {
        let (column, value, unchanged) = withCategories
            ? (", category_mask", ", NEW.category_mask", " AND OLD.category_mask IS NOT DISTINCT FROM NEW.category_mask")
            : ("", "", "")
        try await sql.raw("""
            CREATE OR REPLACE FUNCTION listing_terms_follow() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'UPDATE' AND OLD.search_vector IS NOT DISTINCT FROM NEW.search_vector
                 AND OLD.sort_price_cents IS NOT DISTINCT FROM NEW.sort_price_cents\(unsafeRaw: unchanged) THEN
                RETURN NULL;
              END IF;
              IF TG_OP IN ('UPDATE', 'DELETE') THEN
                DELETE FROM listing_terms x USING \(Self.words("OLD")) AND x.term = t.lexeme AND x.seq = OLD.seq;
              END IF;
              IF TG_OP IN ('UPDATE', 'INSERT') THEN
                INSERT INTO listing_terms (term, sort_price_cents, seq, primary_word\(unsafeRaw: column))
                SELECT t.lexeme, NEW.sort_price_cents, NEW.seq, 'A' = ANY(t.weights)\(unsafeRaw: value) FROM \(Self.words("NEW"));
              END IF;
              RETURN NULL;
            END $$
            """).run()
        let watched = SearchIndex.current.indexedText + ["sort_price_cents"] + (withCategories ? ["category_mask"] : [])
        try await sql.raw("DROP TRIGGER listing_terms_follow ON listings").run()
        try await sql.raw("""
            CREATE TRIGGER listing_terms_follow AFTER INSERT OR DELETE
            OR UPDATE OF \(unsafeRaw: watched.joined(separator: ", ")) ON listings
            FOR EACH ROW EXECUTE FUNCTION listing_terms_follow()
            """).run()
    }

    /// The words of listing row `row`'s vector (not the facets), as `t(lexeme, positions, weights)`,
    /// ending in a `WHERE` clause (`UpdateListingTermsAddAge`'s).
    private static func words(_ row: String) -> SQLQueryString {
        "unnest(\(unsafeRaw: row).search_vector) AS t WHERE left(t.lexeme, 1) <> '~'"
    }
}
