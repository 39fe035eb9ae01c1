import Fluent
import MarketCore
import SQLKit

/// PostgreSQL: `listing_terms` (`CreateListingTerms`) holds every listing's words, a trade-only
/// listing's too (with no price), each marked when it is in a primary field (title, author,
/// ISBN, course code: weight A of `search_vector`), under a second B-tree keyed (term, mark, seq)
/// that carries the price. `ListingTerms` walks it for text searches newest first and by
/// relevance.
///
/// Why: those searches walked every listing newest first, checking each, or read every match
/// of the words through the GIN index and sorted them. A word with filters its listings often
/// meet more than chance says (`q=desk&category=furniture&condition=good` priced 10–200:
/// 1,218 matches where PostgreSQL expected 33) was read by its matches, 10–20 ms at 1M
/// listings, where one word's own listings newest first hold a page within a few hundred.
/// The mark in the key gives the first relevance tier its own stretch of the index: a word most
/// listings say only in their description (`campus`) would otherwise be read through for the few
/// titles holding it. The price lets the index skip entries outside a price range before a
/// listing is read.
///
/// The rebuild runs in one transaction: another instance's write waits for it, and is then
/// kept by the new trigger.
struct UpdateListingTermsAddAge: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            let sql = database.sql
            try await sql.raw("""
                ALTER TABLE listing_terms ALTER COLUMN sort_price_cents DROP NOT NULL,
                ADD COLUMN primary_word boolean NOT NULL DEFAULT false
                """).run()
            try await sql.raw(Self.follow(withCategories: false)).run()
            try await sql.raw("DROP INDEX ix_listing_terms").run()
            try await Self.fill(on: sql)
        }
    }

    /// The SQL function `listing_terms_follow`: a listing's entries go out and come back when its
    /// words or price change, and, `withCategories` (`UpdateListingTermsAddCategories`), its categories,
    /// which each entry then carries.
    static func follow(withCategories: Bool) -> SQLQueryString {
        let (column, value, unchanged) = withCategories
            ? (", category_mask", ", NEW.category_mask", " AND OLD.category_mask IS NOT DISTINCT FROM NEW.category_mask")
            : ("", "", "")
        return """
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
            """
    }

    /// The table emptied and filled from the listings' vectors, its indexes built after: one sort
    /// each instead of an insert into them per word. `withCategories`: each entry carries its
    /// listing's categories, and each category gets its index (`UpdateListingTermsAddCategories`).
    static func fill(on sql: any SQLDatabase, withCategories: Bool = false) async throws {
        try await sql.raw("DROP INDEX IF EXISTS ix_listing_terms_age").run()
        try await sql.raw("DROP INDEX IF EXISTS ix_listing_terms").run()
        try await sql.raw("TRUNCATE listing_terms").run()
        let (column, value) = withCategories ? (", category_mask", ", l.category_mask") : ("", "")
        try await sql.raw("""
            INSERT INTO listing_terms (term, sort_price_cents, seq, primary_word\(unsafeRaw: column))
            SELECT t.lexeme, l.sort_price_cents, l.seq, 'A' = ANY(t.weights)\(unsafeRaw: value) FROM listings l, \(Self.words("l"))
            """).run()
        try await sql.raw("""
            CREATE INDEX ix_listing_terms ON listing_terms (term, sort_price_cents, seq) WHERE sort_price_cents IS NOT NULL
            """).run()
        try await sql.raw("CREATE INDEX ix_listing_terms_age ON listing_terms (term, primary_word, seq) INCLUDE (sort_price_cents)").run()
        guard withCategories else { return }
        for category in ListingCategory.allCases {
            try await sql.raw("""
                CREATE INDEX \(ident: ListingTerms.index(category)) ON listing_terms (term, primary_word, seq) INCLUDE (sort_price_cents)
                WHERE \(FeedIndexes.categoryCondition(category.bit))
                """).run()
        }
    }

    /// Back to `CreateListingTerms`'s table, rebuilt by it.
    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            try await CreateListingTerms().revert(on: database)
            try await CreateListingTerms().prepare(on: database)
        }
    }

    /// The words of listing row `row`'s vector (not the facets: `SearchFacet.lexeme` starts with
    /// `~`, which no word does), as `t(lexeme, positions, weights)`, ending in a `WHERE` clause.
    static func words(_ row: String) -> SQLQueryString {
        "unnest(\(unsafeRaw: row).search_vector) AS t WHERE left(t.lexeme, 1) <> '~'"
    }
}
