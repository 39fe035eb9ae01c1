import MarketCore
import SQLKit

/// PostgreSQL: a text search walks one typed word's listings from `listing_terms`
/// (`CreateListingTerms`, `UpdateListingTermsAddAge`) in page order — by price for a price
/// sort, newest first otherwise — checking each listing against the whole query, instead of
/// walking every listing in that order or reading every match and sorting them.
///
/// The walked word is the rarest typed; the unfinished last word is walked as each of the words
/// it starts with. Each word's entries are read in order from a B-tree and merged.
struct ListingTerms {
    /// The order a walk reads a word's listings in.
    enum Order: Equatable {
        /// Cheapest first, or dearest first (`descending`): priced listings only.
        case price(descending: Bool)
        /// Newest first: every listing.
        case age
    }

    /// The stored words the walk reads: one, or those a prefix starts with.
    let terms: [String]
    let order: Order
    /// About what share of all listings the walked words are in (PostgreSQL's estimate): how many
    /// of a walk's listings are left past a place newest first (`SearchPlan.listingsLeft`).
    var share = 1.0
    /// Newest first, the one category whose listings alone are walked, from that category's own
    /// index (`UpdateListingTermsAddCategories`): every entry walked is then in the category.
    var category: ListingCategory?

    /// The name of `category`'s index of its listings' entries.
    static func index(_ category: ListingCategory) -> String { "ix_listing_terms_\(category.rawValue)" }

    /// A prefix starting more words than this (`ca`) is not walked: merging that many lists costs
    /// more than the walk saves, and the other plans serve it.
    static let maxTerms = 32

    /// The words to walk for `tokens`, or nil when none can be walked: each token's stored words
    /// (`QueryWords`; a stop word matches nothing and constrains nothing). Of several words, the
    /// one with the fewest listings (PostgreSQL's estimate): each listing walked is checked for
    /// the others, and a common word with a rare one (`hard lamp`) walked thousands of listings
    /// without the rare word. `listings`: how many listings there are, for the share newest first
    /// (`share`). The feed's walk knows from the listings' numbers, without the round trip
    /// PostgreSQL's estimate took.
    static func walked(for tokens: [String], words: QueryWords, order: Order, listings: Int? = nil,
                       category: ListingCategory? = nil, on sql: any SQLDatabase) async throws -> ListingTerms? {
        let candidates = tokens.indices.compactMap { words.stored[$0] }.filter { $0.count <= maxTerms }
        // Of one word, the count is wanted only for the share of listings newest first, which is
        // known only when `listings` is: a walk of one category's entries (`category`) asked it for
        // nothing, a round trip of its page's five (0.3 of 2.1 ms of PostgreSQL's time at 1M).
        // Several are asked in one round trip.
        var counts = Array(repeating: 0, count: candidates.count)
        if candidates.count > 1 || (order == .age && listings != nil) {
            let entries = candidates.map { "SELECT 1 FROM listing_terms WHERE term = ANY(\(bind: $0)::text[])" as SQLQueryString }
            if entries.count > 1, let all = try await sql.estimatedRows(branches: entries) {
                counts = all
            } else {
                for (index, read) in entries.enumerated() { counts[index] = try await sql.estimatedRows(read) }
            }
        }
        guard let rarest = counts.indices.min(by: { counts[$0] < counts[$1] }) else { return nil }
        let best = (terms: candidates[rarest], listings: counts[rarest])
        var walk = ListingTerms(terms: best.terms, order: order)
        if order == .age { walk.category = category }
        if order == .age, let listings { walk.share = min(1, Double(best.listings) / Double(max(1, listings))) }
        return walk
    }

    /// Newest first, which entries a relevance tier walks by their mark (a word in a primary
    /// field, or only elsewhere): the first tier's listings have every word in a primary field;
    /// the second's, searched for one word, have it in none (whatever it starts with, for a
    /// prefix). Otherwise both.
    static func marks(for tier: SearchPlan.Tier, words: Int) -> [Bool] {
        switch tier {
        case .primary: [true]
        case .secondary where words == 1: [false]
        case .any, .secondary: [true, false]
        }
    }

    /// The entries of the walked words in `bounds` (conditions on `y.sort_price_cents` and
    /// `y.seq`), each word's read from its own stretch of the index, as `x(sort_price_cents, seq)`;
    /// newest first, only those with one of `marks`, each mark's stretch read apart.
    private func entries(_ bounds: [SQLQueryString], marks: [Bool], limit: Int?) -> SQLQueryString {
        let limited: SQLQueryString = limit.map { " LIMIT \(literal: $0)" } ?? ""
        var lists: SQLQueryString = "unnest(\(bind: terms)::text[]) AS d(term)"
        var conditions: [SQLQueryString] = ["y.term = d.term"]
        switch order {
        case .price:
            // The price index holds priced listings only, and is taken only when told so.
            conditions.append("y.sort_price_cents IS NOT NULL")
        case .age:
            lists = "\(lists) CROSS JOIN unnest(\(bind: marks)::boolean[]) AS m(primary_word)"
            conditions.append("y.primary_word = m.primary_word")
            if let category { conditions.append(FeedIndexes.categoryCondition(category.bit, column: "y.category_mask")) }
        }
        return """
            \(lists), LATERAL (
              SELECT y.sort_price_cents, y.seq FROM listing_terms y WHERE \((conditions + bounds).joined(separator: " AND "))
              ORDER BY \(keys("y"))\(limited)) AS x
            """
    }

    /// The page order, on the columns of `table`.
    private func keys(_ table: String) -> SQLQueryString {
        switch order {
        case .price(let descending):
            let direction = descending ? "DESC" : "ASC"
            return "\(unsafeRaw: table).sort_price_cents \(unsafeRaw: direction), \(unsafeRaw: table).seq \(unsafeRaw: direction)"
        case .age:
            return "\(unsafeRaw: table).seq DESC"
        }
    }

    /// The `size`-th entry in page order within `bounds`, or nil when fewer are left: the edge of
    /// a walk window (`ListingSearch.windowEdge`). Each word gives at most `size`, so the index
    /// reads at most `size` entries a word.
    func edge(_ bounds: [SQLQueryString], marks: [Bool], size: Int, on sql: any SQLDatabase) async throws -> (price: Int64?, seq: Int64)? {
        let row = try await sql.prepared("""
            SELECT x.sort_price_cents, x.seq FROM \(entries(bounds, marks: marks, limit: size))
            ORDER BY \(keys("x")) OFFSET \(literal: size - 1) LIMIT 1
            """).first()
        return try row.map { (try $0.decode(column: "sort_price_cents", as: Int64?.self), try $0.decode(column: "seq", as: Int64.self)) }
    }

    /// The listings of the entries within `bounds`, in page order (`c.sort_price_cents`, `c.seq`):
    /// a statement ordered by those and limited reads the listings one by one and stops at its
    /// limit (a listing with two of the words is listed once).
    func listings(_ bounds: [SQLQueryString], marks: [Bool]) -> SQLQueryString {
        """
        (SELECT DISTINCT x.sort_price_cents, x.seq FROM \(entries(bounds, marks: marks, limit: nil))
         ORDER BY \(keys("x"))) AS c JOIN listings l ON l.seq = c.seq
        """
    }
}
