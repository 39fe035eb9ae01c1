import MarketCore
import SQLKit

/// PostgreSQL: what `listing_terms` says of a text search's typed words, asked in one round trip
/// kept prepared: the stored words each token stands for, and whether one of them is in no
/// listing at all. `listing_terms` holds every word of every listing, in any status, so a typed
/// word none of its entries has matches nothing, and nor does the search, which asks for every
/// word: its page is empty without a listing read. `q=oak des` at 1M listings (no listing says
/// "oak") walked the 2,000 newest listings, asked PostgreSQL's estimate and read both tiers by
/// their matches before it answered nothing: four round trips, 2.1 ms of PostgreSQL's time.
///
/// A search in one category asks whether each word is in some listing of that category, from the
/// category's own index of the entries (`UpdateListingTermsAddCategories`): `q=foldable` in
/// notes by price (a word 90,898 listings have, none of them notes) walked 2,500 notes by price
/// and read the word's matches in notes before it answered nothing (17 ms at 1M listings), and
/// such empty pages were most of the Zipf mix's slowest searches.
struct QueryWords: Equatable {
    /// For each token, the stored words it stands for: its English stem and its Spanish one
    /// (`SpanishTerms`), or, for an unfinished last word (`SearchDialect.isPrefix`), every stored
    /// word it starts, up to one past `ListingTerms.maxTerms`, and its Spanish stem. Nil for a
    /// stop word (or a token read as several words), which constrains nothing.
    let stored: [[String]?]
    /// Some token stands for stored words no listing has (in the category looked up in).
    let absent: Bool

    /// The stored words the last token starts, when it is a prefix starting at most
    /// `ListingTerms.maxTerms` (`SearchDialect.indexMatch` asks them instead of the prefix).
    func prefix(of tokens: [String]) -> [String]? {
        guard let last = tokens.indices.last, SearchDialect.isPrefix(last, of: tokens),
              let words = stored[last], words.count <= ListingTerms.maxTerms else { return nil }
        return words
    }

    /// The words of `tokens` as `listing_terms` holds them. The words a prefix starts are each
    /// found by one descent of the index from the last (a skip scan), so a word's many entries
    /// are not read.
    /// `category`: the one category the search is in (`category(of:)`), whose listings alone count.
    static func lookUp(_ tokens: [String], in category: ListingCategory? = nil, on sql: any SQLDatabase) async throws -> QueryWords {
        let typed = Typed(tokens, category: category)
        let rows = try await sql.prepared("""
            WITH RECURSIVE w AS (\(typed.words)),
            p AS (SELECT stems[1] AS stem FROM w WHERE w.i = \(bind: typed.prefixIndex) AND cardinality(stems) = 1),
            found(term) AS (
              SELECT min(term) FROM listing_terms WHERE term >= (SELECT stem FROM p)
              UNION ALL
              SELECT (SELECT min(x.term) FROM listing_terms x WHERE x.term > found.term)
              FROM found WHERE starts_with(found.term, (SELECT stem FROM p))
            )
            SELECT w.stems, w.es, \(typed.allStored(of: "w")) AS all_stored,
              CASE WHEN w.i = \(bind: typed.prefixIndex) THEN coalesce((SELECT array_agg(term) FROM (
                SELECT term FROM found WHERE starts_with(term, (SELECT stem FROM p)) LIMIT \(literal: ListingTerms.maxTerms + 1)) AS f), '{}') END AS starts
            FROM w ORDER BY w.i
            """).all()
        let stored = try rows.map { row -> [String]? in
            let stems = try row.decode(column: "stems", as: [String].self)
            guard stems.count == 1 else { return nil }
            let spanish = try row.decode(column: "es", as: String?.self).map { [$0] } ?? []
            return try (row.decode(column: "starts", as: [String]?.self) ?? stems) + spanish
        }
        return QueryWords(stored: stored, absent: try !(rows.first?.decode(column: "all_stored", as: Bool.self) ?? true))
    }

    /// A page's first round trip asks, once, whether every word of `tokens` is in some listing
    /// (`allStored`), and each of its reads is skipped whole when not (`everyWordStored`, a
    /// one-time filter): 0.03 ms a word, against 1.1 ms walking the 2,000 newest listings for
    /// `q=oak des`. `lookUp` answers by the same condition, so the two never disagree.
    static func asked(_ tokens: [String], in category: ListingCategory?) -> SQLQueryString {
        let typed = Typed(tokens, category: category)
        return "WITH words_stored AS MATERIALIZED (SELECT \(typed.allStored(of: "(\(typed.words))")) AS every) "
    }

    /// The condition each read of that round trip carries (`asked`).
    static let everyWordStored: SQLQueryString = "(SELECT every FROM words_stored)"

    /// The one category a search's words are looked up in: the category it names, when it names
    /// exactly one (a listing in several has an entry in each one's index).
    static func category(of query: SearchCriteria) -> ListingCategory? {
        ListingCategory.only(in: query.categoryMask)
    }

    /// The typed words as SQL: each token with its Spanish stem and its English stems.
    private struct Typed {
        let tokens: [String]
        /// The position (from 1) of the last token when it is a prefix, else 0.
        let prefixIndex: Int
        /// A prepared statement binds no optional in an array: "" stands for no Spanish stem.
        let spanish: [String]
        /// The one category whose listings' entries count, read from its own index; nil: all.
        let category: ListingCategory?

        init(_ tokens: [String], category: ListingCategory?) {
            (self.tokens, self.category) = (tokens, category)
            let prefix = tokens.indices.last.map { SearchDialect.isPrefix($0, of: tokens) } ?? false
            prefixIndex = prefix ? tokens.count : 0
            spanish = tokens.map { SpanishTerms.asked(for: $0) ?? "" }
        }

        /// `(i, es, stems)` for each token: its position, its Spanish stem or NULL, its English stems.
        var words: SQLQueryString {
            """
            SELECT u.i, nullif(u.es, '') AS es, tsvector_to_array(to_tsvector('english', u.token)) AS stems
            FROM unnest(\(bind: tokens)::text[], \(bind: spanish)::text[]) WITH ORDINALITY AS u(token, es, i)
            """
        }

        /// No token read as one stem has neither an entry of its English stem nor one of its
        /// Spanish stem, nor, for a prefix, one of a word its stem starts. Each is one descent of
        /// the index, asked as the first entry found: asked as `EXISTS`, PostgreSQL read all of a
        /// word's entries into a bitmap first (12,705 of `calculus`, 4 ms at 1M listings).
        /// `words`: this struct's `words`, as a subquery or the name of a CTE holding them.
        func allStored(of words: SQLQueryString) -> SQLQueryString {
            // The category's condition as its index's predicate says it, a literal, so that even a
            // plan made for every value reads that index.
            let inCategory: SQLQueryString = category.map { " AND \(FeedIndexes.categoryCondition($0.bit, column: "x.category_mask"))" } ?? ""
            let first = { (term: String) -> SQLQueryString in
                "(SELECT 1 FROM listing_terms x WHERE x.term = \(unsafeRaw: term)\(inCategory) LIMIT 1) IS NOT NULL"
            }
            return """
                NOT EXISTS (SELECT 1 FROM \(words) AS t WHERE cardinality(t.stems) = 1
                  AND NOT (\(first("t.stems[1]")) OR (t.es IS NOT NULL AND \(first("t.es")))
                    OR (t.i = \(bind: prefixIndex) AND coalesce(starts_with((SELECT min(x.term) FROM listing_terms x WHERE x.term >= t.stems[1]\(inCategory)), t.stems[1]), false))))
                """
        }
    }
}
