import Fluent
import SQLKit

/// PostgreSQL: `listing_terms`, each priced listing's words (the lexemes of `search_vector`, not
/// the facets) with its price, under one B-tree keyed (term, price, seq), kept by a trigger on
/// every write that changes a listing's words or price (`ListingTerms` reads it).
///
/// Why: a GIN index yields a word's listings in no order, so a common word sorted by price
/// either walked the price index checking listings it did not hold, or read every match and
/// sorted them: `q=stat&sort=price_desc` read 38k matches, 228 ms of a 265 ms request at 1M
/// listings. The B-tree yields one word's listings in price order, a page's worth at a time.
/// It costs about 13 rows a listing (641 MB of table and a 500 MB index at 1M listings); a
/// purchase, rental or status change writes none of them (the trigger watches only the columns
/// the words and price come from). SQLite needs a tokenizer of its own for it and has none.
struct CreateListingTerms: AsyncMigration {
    static let table = "listing_terms"

    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        let sql = database.sql
        // Byte order ("C"): the words a prefix starts with are then one stretch of the index.
        try await sql.raw("""
            CREATE TABLE listing_terms (term text COLLATE "C" NOT NULL, sort_price_cents bigint NOT NULL, seq bigint NOT NULL)
            """).run()
        // A row's terms go out by the index (its old words and price find them) and come back
        // from the new row; an update that changes neither leaves them.
        try await sql.raw("""
            CREATE FUNCTION listing_terms_follow() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
              IF TG_OP = 'UPDATE' AND OLD.search_vector IS NOT DISTINCT FROM NEW.search_vector
                 AND OLD.sort_price_cents IS NOT DISTINCT FROM NEW.sort_price_cents THEN
                RETURN NULL;
              END IF;
              IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sort_price_cents IS NOT NULL THEN
                DELETE FROM listing_terms x USING \(Self.terms("OLD"))
                WHERE \(Self.word) AND x.term = t.term AND x.sort_price_cents = OLD.sort_price_cents AND x.seq = OLD.seq;
              END IF;
              IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.sort_price_cents IS NOT NULL THEN
                INSERT INTO listing_terms (term, sort_price_cents, seq)
                SELECT t.term, NEW.sort_price_cents, NEW.seq FROM \(Self.terms("NEW")) WHERE \(Self.word);
              END IF;
              RETURN NULL;
            END $$
            """).run()
        try await sql.raw(Self.followTrigger(watching: SearchIndex.textColumns + ["sort_price_cents"])).run()
        // Filled after the trigger is in place, so a listing another instance writes meanwhile
        // is not missed: one it writes during the fill may get an entry twice, or one at its
        // old price, and the walk checks each listing's own price and lists it once. The index
        // is built last: one sort instead of 13 index inserts a listing.
        try await sql.raw("""
            INSERT INTO listing_terms (term, sort_price_cents, seq)
            SELECT t.term, l.sort_price_cents, l.seq FROM listings l, \(Self.terms("l"))
            WHERE l.sort_price_cents IS NOT NULL AND \(Self.word)
            """).run()
        try await sql.raw("CREATE INDEX ix_listing_terms ON listing_terms (term, sort_price_cents, seq)").run()
        try await sql.raw("""
            CREATE FUNCTION listing_terms_empty() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN TRUNCATE listing_terms; RETURN NULL; END $$
            """).run()
        try await sql.raw("""
            CREATE TRIGGER listing_terms_empty AFTER TRUNCATE ON listings FOR EACH STATEMENT EXECUTE FUNCTION listing_terms_empty()
            """).run()
    }

    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        let sql = database.sql
        try await sql.raw("DROP TRIGGER IF EXISTS listing_terms_empty ON listings").run()
        try await sql.raw("DROP TRIGGER IF EXISTS listing_terms_follow ON listings").run()
        try await sql.raw("DROP FUNCTION IF EXISTS listing_terms_empty()").run()
        try await sql.raw("DROP FUNCTION IF EXISTS listing_terms_follow()").run()
        try await sql.drop(table: Self.table).ifExists().run()
    }

    /// The trigger that runs the SQL function `listing_terms_follow` on every insert and delete,
    /// and on an update of `columns` (those the entries come from).
    static func followTrigger(watching columns: [String]) -> SQLQueryString {
        """
        CREATE TRIGGER listing_terms_follow AFTER INSERT OR DELETE
        OR UPDATE OF \(unsafeRaw: columns.joined(separator: ", ")) ON listings
        FOR EACH ROW EXECUTE FUNCTION listing_terms_follow()
        """
    }

    /// The lexemes of listing row `row`'s vector, as `t(term)`.
    private static func terms(_ row: String) -> SQLQueryString {
        "unnest(tsvector_to_array(\(unsafeRaw: row).search_vector)) AS t(term)"
    }

    /// Which of them are words, not facets (`SearchFacet.lexeme` starts with `~`, which no word does).
    private static let word: SQLQueryString = "left(t.term, 1) <> '~'"
}
