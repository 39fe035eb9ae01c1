import Foundation
import MarketCore
import SQLKit

/// What a search asks the database before it reads a page: where a walk window ends, how many
/// matches PostgreSQL expects, which words a prefix starts, which word's listings to walk, and
/// (SQLite, browsing) which index a price range is read by. `SearchPlan` weighs the answers.
extension ListingSearch {
    /// PostgreSQL's walk of a text search through one word's listings in page order
    /// (`ListingTerms`); nil for other searches, and when no word can be walked.
    ///
    /// Newest first it is weighed only once the feed's own walk came up short: a word found in
    /// many listings fills a page from the feed's first window (`q=calculus`: 3.1 ms at 1M
    /// listings), where choosing a word to walk first took 5.4 ms, its round trips made before
    /// any listing is read. `listings`: how many listings there are, newest first (the feed's
    /// walk knows: those past its edge and those it walked).
    ///
    /// `category`: the one category whose own entries are walked (`SearchPlan.categoryWordIndex`),
    /// whatever the word's share: they are the only listings that can match.
    func termWalk(_ query: SearchCriteria, words: QueryWords?, listings: Int? = nil,
                  category: ListingCategory? = nil) async throws -> ListingTerms? {
        guard dialect.isPostgres, let text = query.text, text.isbn == nil, !text.tokens.isEmpty, let words,
              SearchPlan.walksTerms(query) else { return nil }
        let order: ListingTerms.Order = query.sort.isByPrice ? .price(descending: query.sort == .priceDesc) : .age
        guard let walk = try await ListingTerms.walked(for: text.tokens, words: words, order: order, listings: listings,
                                                       category: category, on: sql),
              order != .age || category != nil || walk.share <= plan.commonShare else { return nil }
        return walk
    }

    /// The edge of a walk window: the `size`-th listing after `start` in page order, for a
    /// PostgreSQL text search; nil when the window reaches the last listing, or for other searches.
    ///
    /// PostgreSQL reads the matches of a word with filters one of two ways: walking an index in
    /// page order and checking each listing, when it expects matches soon, or finding every match
    /// through the text index and sorting them. It estimates "soon" as if words, categories,
    /// conditions and prices were independent, and they are not: `q=lamp&category=textbooks&
    /// condition=new` walked all 1M listings (1.06 s) for none, and `q=lamp&category=textbooks&
    /// sort=price_asc` 226k (844 ms). So `page` walks in windows: it widens the next window by the
    /// rate the last one found matches (four times when it found none), and reads the rest by its
    /// matches once the walk would pass `walkReach`. The worst case is then a bounded walk plus
    /// one read of every match.
    ///
    /// Newest first, a window is a range of `seq` (no index read: listings are numbered in order,
    /// so the range holds at most `size` of them); by price, the edge is read from the price index.
    ///
    /// A walk of one word's listings (`walk`) takes the edge from that word's entries.
    /// `top` is the number past the newest listing, read once per page (a relevance search walks
    /// its second tier from the top again), kept by the instance for a second (`NewestListingNumber`).
    func windowEdge(_ segment: Segment, query: SearchCriteria, walk: ListingTerms?, from start: Position?, size: Int,
                    top newest: inout Int64?) async throws -> Position? {
        guard dialect.isPostgres, let text = query.text, text.isbn == nil, segment.featured != true else { return nil }
        if let walk {
            return try await walk.edge(termBounds(query, from: start, to: nil), marks: marks(segment.tier, query), size: size, on: sql)
                .map { Position(seq: $0.seq, price: $0.price) }
        }
        switch query.sort {
        case .newest, .relevance:
            if start == nil, newest == nil {
                let read = { try await sql.prepared("SELECT max(seq) + 1 AS top FROM listings").first()?.decode(column: "top", as: Int64?.self) }
                if let kept = newestListing { newest = try await kept.value(read: read) } else { newest = try await read() }
            }
            guard let top = start?.seq ?? newest, top > Int64(size) else { return nil }
            return Position(seq: top - Int64(size), price: nil)
        case .priceAsc, .priceDesc:
            var conditions: [SQLQueryString] = ["l.status = \(bind: query.status.rawValue)", "l.sort_price_cents IS NOT NULL"]
            // The walk's own index: a category's (its condition as a literal, `FeedIndexes`), else the feed's.
            if let mask = query.categoryMask, FeedIndexes(categoryMask: mask) != .all {
                conditions.append(FeedIndexes.categoryCondition(mask, column: "l.category_mask"))
            }
            conditions += Self.priceRange(query)
            if let start { conditions.append(beyond(start, sort: query.sort)) }
            let row = try await sql.unprepared("""
                SELECT l.seq, l.sort_price_cents FROM listings l WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(Self.order(query.sort, seq: "l.seq", table: "l")) OFFSET \(literal: size - 1) LIMIT 1
                """).first()
            return try row.map { Position(seq: try $0.decode(column: "seq", as: Int64.self),
                                          price: try $0.decode(column: "sort_price_cents", as: Int64?.self)) }
        }
    }

    /// PostgreSQL's own estimate of what the text index finds after `edge` for the words (in the
    /// primary fields for the first tier) and the filters it holds (`SearchFacet`; by price, the
    /// price bands left). It takes them as independent, which they are not: the walk's windows
    /// tell how often they meet.
    func estimatedMatches(_ query: SearchCriteria, tier: Tier, from edge: Position, prefixWords: [String]?) async throws -> Int {
        try await sql.estimatedRows(matches(query, tier: tier, from: edge, prefixWords: prefixWords))
    }

    /// The first tier's estimate past `edge` (`estimatedMatches`) and the second tier's from its
    /// top, asked in one round trip (`SearchPlan.readsFollowingTierWhole` weighs the second);
    /// nil when PostgreSQL's plan does not tell them apart.
    func estimatedMatches(_ query: SearchCriteria, firstTierFrom edge: Position, prefixWords: [String]?) async throws -> (first: Int, second: Int)? {
        let estimates = try await sql.estimatedRows(branches: [matches(query, tier: .primary, from: edge, prefixWords: prefixWords),
                                                               matches(query, tier: .secondary, from: nil, prefixWords: prefixWords)])
        return estimates.map { ($0[0], $0[1]) }
    }

    /// The listings the text index finds for the words (in the primary fields for the first tier;
    /// anywhere for the second, which the first's are then taken from) and the filters it holds
    /// (by price, the bands left past `edge`).
    private func matches(_ query: SearchCriteria, tier: Tier, from edge: Position?, prefixWords: [String]?) -> SQLQueryString {
        let tokens = query.text?.tokens ?? []
        let prices = SearchPlan.prices(of: Stretch(start: edge, end: nil), sort: query.sort)
        let facets = SearchFacet.groups(of: query, prices: prices)
        return """
            SELECT 1 FROM listings l
            WHERE \(SearchDialect.indexMatch(tokens, tokens.indices, prefixWords: prefixWords, facets: facets, tier: tier))
            """
    }

    /// PostgreSQL: what `listing_terms` says of a text search's words (`QueryWords`); nil for
    /// other searches (`looksUpWords`).
    func queryWords(_ query: SearchCriteria) async throws -> QueryWords? {
        guard looksUpWords(query), let tokens = query.text?.tokens else { return nil }
        return try await QueryWords.lookUp(tokens, in: QueryWords.category(of: query), on: sql)
    }

    /// Whether a search's words are looked up in `listing_terms`: a PostgreSQL text search, not
    /// an ISBN's (one equality).
    func looksUpWords(_ query: SearchCriteria) -> Bool {
        guard dialect.isPostgres, let text = query.text else { return false }
        return text.isbn == nil && !text.tokens.isEmpty
    }

    /// The index to browse by (no text): one category's own (`FeedIndexes`), and newest first
    /// within a price range the cheaper of two walks. A wide range is found fastest by walking
    /// listings newest first and checking each price, a narrow one by reading it from the price
    /// index and sorting. SQLite takes the price index for any range (142 ms for a range holding
    /// 72% of 100k listings, against 0.2 ms walking newest first), so it is told which; nil leaves
    /// the choice to the database (PostgreSQL, a seller's listings, the whole feed without a range).
    func browsingIndex(_ feed: FeedIndexes, query: SearchCriteria) async throws -> String? {
        guard !dialect.isPostgres, query.sellerID == nil else { return nil }
        // A category's own index is always named; the whole feed's is left to SQLite unless a probe decides.
        let own = { (index: String) in feed == .all ? nil : index }
        let byPrice = query.sort.isByPrice
        guard !byPrice, query.minPriceCents != nil || query.maxPriceCents != nil else {
            return own(byPrice ? feed.byPrice : feed.byAge)
        }
        var range: SQLQueryString = """
            SELECT 1 FROM listings l INDEXED BY \(ident: feed.byPrice) WHERE l.status = \(bind: query.status.rawValue)
            AND l.sort_price_cents >= \(bind: Int64(query.minPriceCents ?? 0)) AND l.sort_price_cents <= \(bind: Int64(query.maxPriceCents ?? Int.max))
            """
        if let mask = query.categoryMask, feed != .all { range = "\(range) AND \(FeedIndexes.categoryCondition(mask, column: "l.category_mask"))" }
        let wide = try await reaches(plan.planThreshold, range)
        return wide ? feed.byAge : own(feed.byPrice)
    }

    /// Whether `rows` yields at least `threshold` rows; counting stops there, so the probe costs
    /// at most that many index entries.
    func reaches(_ threshold: Int, _ rows: SQLQueryString) async throws -> Bool {
        let count = try await sql.unprepared("SELECT count(*) AS n FROM (\(rows) LIMIT \(literal: threshold))").first()?
            .decode(column: "n", as: Int.self) ?? 0
        return count >= threshold
    }
}
