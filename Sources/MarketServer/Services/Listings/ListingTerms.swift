import SQLKit

/// PostgreSQL: a price sort of a text search walks one typed word's listings in price order
/// from `listing_terms` (`CreateListingTerms`), checking each listing against the whole query,
/// instead of walking every listing by price or reading every match and sorting them.
///
/// The walked word is the rarest typed; the unfinished last word is walked as each of the words
/// it starts with. Each word's entries are read in order from the B-tree and merged.
struct ListingTerms {
    /// The stored words the walk reads: one, or those a prefix starts with.
    let terms: [String]
    /// Dearest first (`price_desc`), else cheapest first.
    let descending: Bool

    /// A prefix starting more words than this (`ca`) is not walked: merging that many lists costs
    /// more than the walk saves, and the other plans serve it.
    static let maxTerms = 32

    /// The words to walk for `tokens`, or nil when none can be walked: each token is read as the
    /// text search reads it (English stems; a stop word matches nothing and constrains nothing).
    /// Of several words, the one with the fewest listings (PostgreSQL's estimate): each listing
    /// walked is checked for the others, and a common word with a rare one (`hard lamp`) walked
    /// thousands of listings without the rare word.
    static func walked(for tokens: [String], descending: Bool, on sql: any SQLDatabase) async throws -> ListingTerms? {
        var best: (terms: [String], listings: Int)?
        for index in tokens.indices {
            let stems = try await sql.raw("SELECT unnest(tsvector_to_array(to_tsvector('english', \(bind: tokens[index])))) AS stem")
                .all().map { try $0.decode(column: "stem", as: String.self) }
            guard stems.count == 1, let stem = stems.first else { continue }
            let terms = SearchDialect.isPrefix(index, of: tokens) ? try await startingWith(stem, on: sql) : [stem]
            guard terms.count <= maxTerms else { continue }
            let listings = tokens.count == 1 ? 0 : try await sql.estimatedRows("SELECT 1 FROM listing_terms WHERE term = ANY(\(bind: terms)::text[])")
            if best == nil || listings < best!.listings { best = (terms, listings) }
        }
        return best.map { ListingTerms(terms: $0.terms, descending: descending) }
    }

    /// The stored words that start with `prefix`, up to one past `maxTerms`: each found by one
    /// descent of the index from the last (a skip scan), so a word's many rows are not read.
    private static func startingWith(_ prefix: String, on sql: any SQLDatabase) async throws -> [String] {
        try await sql.raw("""
            WITH RECURSIVE found(term) AS (
              SELECT min(term) FROM listing_terms WHERE term >= \(bind: prefix)
              UNION ALL
              SELECT (SELECT min(x.term) FROM listing_terms x WHERE x.term > found.term)
              FROM found WHERE starts_with(found.term, \(bind: prefix))
            )
            SELECT term FROM found WHERE starts_with(term, \(bind: prefix)) LIMIT \(literal: maxTerms + 1)
            """).all().map { try $0.decode(column: "term", as: String.self) }
    }

    /// The entries of the walked words in `bounds` (conditions on `x.sort_price_cents` and
    /// `x.seq`), each word's read from its own stretch of the index, as `x(sort_price_cents, seq)`.
    private func entries(_ bounds: [SQLQueryString], limit: Int?) -> SQLQueryString {
        let limited: SQLQueryString = limit.map { " LIMIT \(literal: $0)" } ?? ""
        return """
            unnest(\(bind: terms)::text[]) AS d(term), LATERAL (
              SELECT y.sort_price_cents, y.seq FROM listing_terms y WHERE \((["y.term = d.term"] + bounds).joined(separator: " AND "))
              ORDER BY y.sort_price_cents \(unsafeRaw: direction), y.seq \(unsafeRaw: direction)\(limited)) AS x
            """
    }

    /// `ASC` or `DESC`, as the page is sorted.
    private var direction: String { descending ? "DESC" : "ASC" }

    /// The `size`-th entry in page order within `bounds`, or nil when fewer are left: the edge of
    /// a walk window (`ListingSearch.windowEdge`). Each word gives at most `size`, so the index
    /// reads at most `size` entries a word.
    func edge(_ bounds: [SQLQueryString], size: Int, on sql: any SQLDatabase) async throws -> (price: Int64, seq: Int64)? {
        let row = try await sql.raw("""
            SELECT x.sort_price_cents, x.seq FROM \(entries(bounds, limit: size))
            ORDER BY x.sort_price_cents \(unsafeRaw: direction), x.seq \(unsafeRaw: direction) OFFSET \(literal: size - 1) LIMIT 1
            """).first()
        return try row.map { (try $0.decode(column: "sort_price_cents", as: Int64.self), try $0.decode(column: "seq", as: Int64.self)) }
    }

    /// The listings of the entries within `bounds`, in page order (`c.sort_price_cents`, `c.seq`):
    /// a statement ordered by those and limited reads the listings one by one and stops at its
    /// limit (a listing with two of the words is listed once).
    func listings(_ bounds: [SQLQueryString]) -> SQLQueryString {
        """
        (SELECT DISTINCT x.sort_price_cents, x.seq FROM \(entries(bounds, limit: nil))
         ORDER BY 1 \(unsafeRaw: direction), 2 \(unsafeRaw: direction)) AS c JOIN listings l ON l.seq = c.seq
        """
    }
}
