import FluentSQL
import Foundation
import MarketCore
import SQLKit

/// The feed and full-text search over listings.
///
/// Ranking rule (also in openapi.yaml): results come in segments, each read in index order —
/// 1. featured listings that match the query and filters, then 2. the other matches.
/// With a query sorted by relevance, each of those splits again: listings whose title, author,
/// ISBN or course code contain every word come before listings that match only through their
/// description; within a segment, newest first. Price sorts order each segment by price.
///
/// Why tiers rather than bm25 scores: scoring every match of a common word costs tens of
/// milliseconds at a million listings (74 ms for a word matching 54k rows, measured), while each
/// tier is a scan in row-id order that stops after one page (0.1–0.2 ms), and pages stay stable.
struct ListingSearch {
    let sql: any SQLDatabase
    let now: Date
    /// How many rows a probe counts before choosing the plan for many (`reachesPlanThreshold`);
    /// tests lower it to run both plans on a few listings.
    var planThreshold = 5_000
    /// How many listings a PostgreSQL text search walks in page order before it weighs walking
    /// on against reading the rest by their matches (`windowEdge`); tests lower it to split
    /// pages across every kind of read.
    var walkWindow = 2_000
    /// Newest first, a word in more of the listings than this is walked with every listing: each
    /// of a word's listings is a jump in the table, where the feed's walk reads listings in the
    /// table's order, so the word's walk pays off only when it skips most of them (`q=ca`, a
    /// prefix of 30 words found in nearly every listing, took 11 ms to merge their lists against
    /// 1 ms walking the feed at 1M listings). By price, the share is not counted. Tests set it
    /// to walk a few listings' words, or never.
    var commonShare = 0.25

    /// Newest first, how many matches must be left past the feed's first window for a walk of a
    /// word's own listings to be weighed. Choosing the word costs three round trips (about 1 ms
    /// at 1M listings) before a listing is read, as much as reading about 500 matches through the
    /// text index: fewer are read so (`q=hard lamp`, none there: 8 ms, against 13 ms by the word).
    static let wordsWalkMatches = 500

    /// A walk of a word's own listings starts with a smaller window: they hold matches densely,
    /// and each is a jump in the table.
    private var termWindow: Int { max(1, walkWindow / 8) }

    enum Tier { case any, primary, secondary }

    private var dialect: SearchDialect { SearchDialect(isPostgres: sql.dialect.name == "postgresql") }

    struct Segment {
        let featured: Bool?  // nil: featured and not alike (featuring applies to active listings)
        let tier: Tier
    }

    /// The feed as `viewer` (signed in, or nil) sees it: without the sellers they blocked.
    func page(_ criteria: SearchCriteria, viewer: UUID?) async throws -> (listings: [ListingRow], next: ListingCursor?) {
        var query = criteria
        if let viewer { query.excludedSellers = try await Blocks.blockedIDs(by: viewer, on: sql) }
        return try await page(query)
    }

    func page(_ query: SearchCriteria) async throws -> (listings: [ListingRow], next: ListingCursor?) {
        if let text = query.text, text.isEmpty { return ([], nil) }
        let asOf = query.cursor?.asOf ?? now
        let segments = Self.segments(for: query)
        // By price a word's listings are walked from the start; newest first, once the feed's own
        // walk comes up short (`termWalk`). The stored words the last token starts are looked up
        // once, before a walk of words or the first read by matches.
        var (prefixWords, prefixLooked, walk, wordsWeighed) = (nil as [String]?, false, nil as ListingTerms?, query.sort.isByPrice)
        if query.sort.isByPrice, dialect.isPostgres, Self.walksTerms(query) {
            (prefixWords, prefixLooked) = (try await lastPrefixWords(query), true)
            walk = try await termWalk(query, prefixWords: prefixWords)
        }
        var next = query.cursor?.segment ?? 0
        var found: [(listing: ListingRow, segment: Int)] = []
        // Featured segments are cheap (few rows, their own index), so they travel in one round trip
        // with the first regular segment; a later segment is read only when the page is still short.
        while next < segments.count, found.count <= query.limit {
            var last = next
            while last < segments.count - 1, segments[last].featured == true { last += 1 }
            let wanted = query.limit + 1 - found.count
            let start = { (index: Int) in index == query.cursor?.segment ? query.cursor.map { Position(seq: $0.seq, price: $0.price) } : nil }
            let firstWindow = walk == nil ? walkWindow : termWindow
            var window = try await windowEdge(segments[last], query: query, walk: walk, from: start(last), size: firstWindow)
            var branches: [SegmentRead] = []
            for index in next...last {
                let stretch = Stretch(start: start(index), end: index == last ? window : nil)
                branches.append(try await segmentStatement(segments[index], index: index, query: query, walk: walk,
                                                           prefixWords: prefixWords, stretch: stretch, asOf: asOf, limit: wanted))
            }
            var batch = try await read(branches)
            batch.sort { Self.precedes($0, $1, sort: query.sort) }
            found += batch.prefix(wanted)
            // A walk window that held fewer matches than it was asked for is exhausted: the walk
            // goes on over a wider window (sized by the rate it found matches, or four times as
            // wide when it found none), until it would pass its reach (`walkReach`); then the rest
            // of the segment is read by its matches (by price, those in the price bands left).
            var (hits, asked, size) = (batch.filter { $0.segment == last }.count, wanted, firstWindow)
            var (walked, met, estimate) = (size, hits, nil as Int?)
            while let edge = window, found.count <= query.limit, hits < asked {
                asked = query.limit + 1 - found.count
                size = hits == 0 ? size * 4 : size / hits * asked * 3 / 2
                if !prefixLooked { (prefixWords, prefixLooked) = (try await lastPrefixWords(query), true) }
                if estimate == nil { estimate = try await estimatedMatches(query, tier: segments[last].tier, from: edge, prefixWords: prefixWords) }
                let listings = Self.listingsLeft(past: edge, walk: walk)
                let left = max(estimate!, Self.observedMatches(met, walked: walked, of: listings, sort: query.sort))
                var byMatches: Bool
                if !wordsWeighed, left >= Self.wordsWalkMatches, let words = try await termWalk(query, prefixWords: prefixWords) {
                    // The feed's walk came up short with many matches left: a word's own listings go on from its edge.
                    walk = words
                    (size, walked, met, byMatches) = (termWindow, 0, 0, false)
                } else {
                    byMatches = Self.walkContradicts(estimate!, met: met, walked: walked, of: listings, sort: query.sort)
                        || size > walkReach(left, sort: query.sort, byTerms: walk != nil) - walked
                }
                wordsWeighed = true
                window = byMatches ? nil : try await windowEdge(segments[last], query: query, walk: walk, from: edge, size: size)
                walked += byMatches ? 0 : size
                let statement = try await segmentStatement(segments[last], index: last, query: query, walk: walk, prefixWords: prefixWords,
                                                           stretch: Stretch(start: edge, end: window, byMatches: byMatches,
                                                                            broadFacets: Self.asksBroadFacets(query.sort, expecting: left)),
                                                           asOf: asOf, limit: asked)
                let rows = try await read([statement]).sorted { Self.precedes($0, $1, sort: query.sort) }
                found += rows
                hits = rows.count
                met += hits
            }
            next = last + 1
        }
        guard found.count > query.limit else { return (found.map(\.listing), nil) }
        found.removeLast()
        let last = found[found.count - 1]
        let cursor = ListingCursor(segment: last.segment, seq: last.listing.seq, price: last.listing.sortPriceCents, asOf: asOf)
        return (found.map(\.listing), cursor)
    }

    /// The rows of segment statements, in one round trip, with their sellers' names. The names
    /// are joined to the page, not to the listings walked to find it: PostgreSQL otherwise hashed
    /// every user for the featured branch (7.5 of 9 ms at 1M listings).
    ///
    /// A round trip whose every statement plans alike whatever is bound (`SearchDialect.Drive.
    /// plansAlike`) is kept prepared on PostgreSQL: planning a text search's walk took 0.6–0.9 ms
    /// of each statement's 1–2 ms at 1M listings.
    private func read(_ statements: [SegmentRead]) async throws -> [(listing: ListingRow, segment: Int)] {
        let branches = statements.enumerated().map { "SELECT * FROM (\($1.sql)) AS branch_\(unsafeRaw: String($0))" as SQLQueryString }
        let page: SQLQueryString = """
            SELECT page.*, u.name AS seller_name FROM (\(branches.joined(separator: " UNION ALL "))) AS page
            LEFT JOIN users u ON u.id = page.seller_id
            """
        let rows = statements.allSatisfy(\.plansAlike) ? try await sql.prepared(page).all() : try await sql.raw(page).all()
        return try rows.map { (listing: try ListingRow(row: $0), segment: try $0.decode(column: "segment_index", as: Int.self)) }
    }

    /// The page order: segment by segment, and within one the order its SQL reads in.
    static func precedes(_ a: (listing: ListingRow, segment: Int), _ b: (listing: ListingRow, segment: Int), sort: ListingSort) -> Bool {
        if a.segment != b.segment { return a.segment < b.segment }
        switch sort {
        case .newest, .relevance:
            return a.listing.seq > b.listing.seq
        case .priceAsc:
            let (pa, pb) = (a.listing.sortPriceCents ?? 0, b.listing.sortPriceCents ?? 0)
            return pa != pb ? pa < pb : a.listing.seq < b.listing.seq
        case .priceDesc:
            let (pa, pb) = (a.listing.sortPriceCents ?? 0, b.listing.sortPriceCents ?? 0)
            return pa != pb ? pa > pb : a.listing.seq > b.listing.seq
        }
    }

    static func segments(for query: SearchCriteria) -> [Segment] {
        let tiers: [Tier] = (query.sort == .relevance && query.text?.isbn == nil) ? [.primary, .secondary] : [.any]
        guard query.status == .active else { return tiers.map { Segment(featured: nil, tier: $0) } }
        return tiers.map { Segment(featured: true, tier: $0) } + tiers.map { Segment(featured: false, tier: $0) }
    }

    /// PostgreSQL's walk of a text search through one word's listings in page order
    /// (`ListingTerms`); nil for other searches, and when no word can be walked.
    ///
    /// Newest first it is weighed only once the feed's own walk came up short: a word found in
    /// many listings fills a page from the feed's first window (`q=calculus`: 3.1 ms at 1M
    /// listings), where choosing a word to walk first took 5.4 ms, its round trips made before
    /// any listing is read.
    private func termWalk(_ query: SearchCriteria, prefixWords: [String]?) async throws -> ListingTerms? {
        guard dialect.isPostgres, let text = query.text, text.isbn == nil, !text.tokens.isEmpty, Self.walksTerms(query) else { return nil }
        let order: ListingTerms.Order = query.sort.isByPrice ? .price(descending: query.sort == .priceDesc) : .age
        guard let walk = try await ListingTerms.walked(for: text.tokens, lastWords: prefixWords, order: order, on: sql),
              order != .age || walk.share <= commonShare else { return nil }
        return walk
    }

    /// Whether a price sort may walk a word's own listings: not when it filters by something few
    /// listings have (a category, a condition, renting, trading), which each listing walked is
    /// checked for. A common word rarely meets such a filter more often than chance says, and
    /// the walk then read tens of thousands of listings it could not use (`q=used&category=
    /// clothing` by price: 295 ms at 1M listings); the category's own price index, or the text
    /// index asked for both, finds those. A price range bounds the word's walk itself.
    ///
    /// Newest first nothing here rules a word's walk out: every listing the feed's walk would
    /// check without the word is one a word's walk skips. `page` weighs it once the feed's first
    /// window comes up short.
    static func walksTerms(_ query: SearchCriteria) -> Bool {
        guard query.sort.isByPrice else { return true }
        var unpriced = query
        (unpriced.minPriceCents, unpriced.maxPriceCents) = (nil, nil)
        return SearchFacet.selective(SearchFacet.groups(of: unpriced)).isEmpty
    }

    /// A segment's SELECT, and whether its plan is the same whatever is bound.
    struct SegmentRead {
        let sql: SQLQueryString
        var plansAlike = false
    }

    /// One segment's SELECT, tagged with its index as `segment_index`: the stretch of its listings
    /// that `stretch` names.
    private func segmentStatement(_ segment: Segment, index: Int, query: SearchCriteria, walk: ListingTerms?, prefixWords: [String]?,
                                  stretch: Stretch, asOf: Date, limit: Int) async throws -> SegmentRead {
        var conditions: [SQLQueryString] = ["l.status = \(bind: query.status.rawValue)"]
        // Featured listings are few: reach them through their own index, never by scanning the rest.
        var from = dialect.listings(index: segment.featured == true ? "ix_listings_featured" : nil)
        let feed = FeedIndexes(categoryMask: query.categoryMask)
        if segment.featured != true, query.text == nil, let index = try await browsingIndex(feed, query: query) {
            from = dialect.listings(index: index)
        }
        var (seqColumn, orderTable, priceKey) = ("l.seq", "l", nil as String?)
        var plansAlike = false

        if let text = query.text {
            if let isbn = text.isbn {
                conditions.append("l.isbn = \(bind: isbn)")
            } else {
                var facets = SearchFacet.groups(of: query, prices: Self.prices(of: stretch, sort: query.sort))
                if stretch.byMatches, !stretch.broadFacets { facets = SearchFacet.selective(facets) }
                if stretch.byMatches, dialect.isPostgres { facets = SearchFacet.withoutWideBands(facets) }
                let drive: SearchDialect.Drive
                if segment.featured == true {
                    drive = .featured
                } else if stretch.byMatches {
                    drive = .matches
                } else if let walk {
                    drive = .terms(from: walk.listings(termBounds(query, from: stretch.start, to: stretch.end), marks: marks(segment.tier, query)))
                } else if dialect.isPostgres, stretch.end != nil {
                    drive = .listings(index: query.sort.isByPrice ? feed.byPrice : feed.byAge)
                } else if query.sort.isByPrice, !dialect.isPostgres {
                    drive = .priced
                } else {
                    drive = .text
                }
                let shape = dialect.textSearch(tokens: text.tokens, tier: segment.tier, facets: facets, drive: drive, prefixWords: prefixWords)
                from = shape.from
                conditions.append(shape.condition)
                (seqColumn, orderTable, priceKey) = (shape.seqColumn, shape.orderTable, shape.priceKey)
                plansAlike = drive.plansAlike
            }
        }
        if let mask = query.categoryMask { conditions.append(FeedIndexes.categoryCondition(mask, column: "l.category_mask")) }
        switch query.offer {
        case .buy: conditions.append("l.sale_price_cents IS NOT NULL")
        case .rent: conditions.append("l.rent_price_cents IS NOT NULL")
        case .trade: conditions.append("l.open_to_trade = \(bind: true)")
        case nil: break
        }
        if let condition = query.condition { conditions.append("l.condition = \(bind: condition.rawValue)") }
        if let seller = query.sellerID { conditions.append("l.seller_id = \(bind: seller)") }
        if !query.excludedSellers.isEmpty { conditions.append("l.seller_id NOT IN (\(binds: query.excludedSellers))") }
        if let campus = query.campus { conditions.append("l.campus = \(bind: campus)") }
        switch segment.featured {
        case true?: conditions.append("l.featured_until > \(bind: asOf)")
        case false?: conditions.append("(l.featured_until IS NULL OR l.featured_until <= \(bind: asOf))")
        case nil: break
        }

        // Reading by matches, prices and places in the order are checked past the OFFSET 0 fence
        // (below). Given them, PostgreSQL walked or joined a B-tree instead: `q=hard lamp` dearest
        // first under 1.00 walked the price index through 27k listings for none (122 ms at 1M
        // listings), and `q=soccer` newest first priced 5–55 read 268k entries of it to intersect
        // with 8k matches (111 ms), where the text index answers at once. The price bands asked of
        // the index bound the read where they keep many out (`SearchFacet.selective`).
        let bounded = stretch.byMatches ? "rest" : "l"
        var bounds = Self.priceRange(query, table: bounded)
        if query.sort.isByPrice {
            // Price sorts list what has a price (trade-only listings have none).
            bounds.append("\(unsafeRaw: bounded).sort_price_cents IS NOT NULL")
        }
        if let start = stretch.start { bounds.append(beyond(start, sort: query.sort, table: bounded)) }
        // FTS5 starts its walk of the row ids at the page's start only when told so in row ids.
        if let priceKey, let start = stretch.start, let price = start.price {
            bounds.append("\(unsafeRaw: priceKey) \(unsafeRaw: query.sort == .priceAsc ? ">" : "<") \(bind: PricedSearchIndex.key(price: price, seq: start.seq))")
        }
        if let end = stretch.end { bounds.append(within(end, sort: query.sort, table: bounded)) }
        if !stretch.byMatches { conditions += bounds }

        let select: SQLQueryString = """
            SELECT \(unsafeRaw: ListingRow.selectList), \(literal: index) AS segment_index FROM \(from)
            WHERE \(conditions.joined(separator: " AND "))
            """
        guard stretch.byMatches else {
            let order = priceKey.map { "\(unsafeRaw: $0) \(unsafeRaw: query.sort == .priceAsc ? "ASC" : "DESC")" as SQLQueryString }
                ?? Self.order(query.sort, seq: seqColumn, table: orderTable)
            return SegmentRead(sql: "\(select) ORDER BY \(order) LIMIT \(literal: limit)", plansAlike: plansAlike)
        }
        // OFFSET 0 keeps the order out of the subquery, so PostgreSQL plans it to find the matches
        // (through the text index) rather than to walk an index in page order.
        let outer: SQLQueryString = bounds.isEmpty ? "" : " WHERE \(bounds.joined(separator: " AND "))"
        return SegmentRead(sql: "SELECT * FROM (\(select) OFFSET 0) AS rest\(outer) ORDER BY \(Self.order(query.sort, seq: "rest.seq", table: "rest")) LIMIT \(literal: limit)")
    }

    /// A place in a segment's order: the last listing a page read, or the edge of a walk's window.
    struct Position {
        let seq: Int64
        let price: Int64?
    }

    /// The stretch of a segment one statement reads (`windowEdge`).
    struct Stretch {
        /// Listings after this one (the last a page read, or a walk window's edge); nil: from the first.
        var start: Position?
        /// Up to and including this one (a walk window's edge); nil: to the last.
        var end: Position?
        /// Read by the text index's matches and sorted, rather than walked in page order.
        var byMatches = false
        /// Reading by matches, the index is also asked for the filters most listings meet
        /// (`SearchFacet.selective`): worth it only when the words find many listings.
        var broadFacets = true
    }

    /// How many matches PostgreSQL must expect for a read by matches, newest first or by
    /// relevance, to ask its index for the filters most listings meet too. Their lists cost as
    /// much to read as thousands of rows, so they pay off only when they keep many matches out.
    /// Measured at 1M listings, leaving them to the rows made `q=desk&category=furniture&
    /// condition=good` with a 10–200 price range (about 1,000 matches expected) 24 → 16 ms and
    /// `q=sturdy&category=textbooks&maxPriceCents=5000` (7,568) 35 → 23 ms, but `q=notes` priced
    /// 50–250 (22,211 expected, none there: notes are cheap) 95 → 314 ms, since every one of the
    /// 55k listings saying "notes" was then read. Under a price sort the bands left are always
    /// asked: a word's listings crowd at a few prices (a monitor costs what monitors cost), so
    /// the bands a walk has not passed often keep nearly all of them out (`q=monitor&sort=
    /// price_asc` under 50: 17 → 57–70 ms without them).
    static let broadFacetMatches = 10_000

    /// Whether a read by matches expecting `matches` asks the index for broad filters too.
    static func asksBroadFacets(_ sort: ListingSort, expecting matches: Int) -> Bool {
        sort.isByPrice || matches >= broadFacetMatches
    }

    /// The prices the listings of `stretch` can have, by a price sort (nil: any, or not by price).
    static func prices(of stretch: Stretch, sort: ListingSort) -> ClosedRange<Int64>? {
        guard sort.isByPrice else { return nil }
        let (first, last) = (stretch.start?.price, stretch.end?.price)
        let (lowest, highest) = sort == .priceAsc ? (first ?? 0, last ?? .max) : (last ?? 0, first ?? .max)
        guard first != nil || last != nil, lowest <= highest else { return nil }
        return lowest...highest
    }

    /// The price range `query` asks for, as conditions on the price of `table` (a listing, or a
    /// `ListingTerms` entry).
    private static func priceRange(_ query: SearchCriteria, table: String = "l") -> [SQLQueryString] {
        var conditions: [SQLQueryString] = []
        if let minimum = query.minPriceCents { conditions.append("\(unsafeRaw: table).sort_price_cents >= \(bind: Int64(minimum))") }
        if let maximum = query.maxPriceCents { conditions.append("\(unsafeRaw: table).sort_price_cents <= \(bind: Int64(maximum))") }
        return conditions
    }

    /// The `ListingTerms` entries (`y`) in the price range, after `start` and up to `end`.
    private func termBounds(_ query: SearchCriteria, from start: Position?, to end: Position?) -> [SQLQueryString] {
        var bounds = Self.priceRange(query, table: "y")
        if let start { bounds.append(beyond(start, sort: query.sort, table: "y")) }
        if let end { bounds.append(within(end, sort: query.sort, table: "y")) }
        return bounds
    }

    /// The `ListingTerms` entries `tier` walks, by their primary-field mark.
    private func marks(_ tier: Tier, _ query: SearchCriteria) -> [Bool] {
        ListingTerms.marks(for: tier, words: query.text?.tokens.count ?? 0)
    }

    /// `ORDER BY` for `sort`, on the columns of `table` (newest by `seq`, which FTS5 may name differently).
    private static func order(_ sort: ListingSort, seq: String, table: String) -> SQLQueryString {
        switch sort {
        case .newest, .relevance: return "\(unsafeRaw: seq) DESC"
        case .priceAsc: return "\(unsafeRaw: table).sort_price_cents ASC, \(unsafeRaw: table).seq ASC"
        case .priceDesc: return "\(unsafeRaw: table).sort_price_cents DESC, \(unsafeRaw: table).seq DESC"
        }
    }

    /// The listings after `position` in `sort`'s order. By price, PostgreSQL is given a row
    /// comparison, which it takes to the index as a range: written with OR, only the price bounded
    /// the walk, and a window's edge among the 55k listings priced 100 walked them all (202 ms).
    /// SQLite bounds the walk from the OR form as it is.
    private func beyond(_ position: Position, sort: ListingSort, table: String = "l") -> SQLQueryString {
        switch sort {
        case .newest, .relevance:
            return "\(unsafeRaw: table).seq < \(bind: position.seq)"
        case .priceAsc, .priceDesc:
            guard let price = position.price else { return "\(unsafeRaw: table).sort_price_cents IS NOT NULL" }
            let beyond = sort == .priceAsc ? ">" : "<"
            if dialect.isPostgres {
                return "(\(unsafeRaw: table).sort_price_cents, \(unsafeRaw: table).seq) \(unsafeRaw: beyond) (\(bind: price), \(bind: position.seq))"
            }
            let (priceColumn, seqColumn) = ("\(table).sort_price_cents", "\(table).seq")
            return """
                (\(unsafeRaw: priceColumn) \(unsafeRaw: beyond) \(bind: price) OR \
                (\(unsafeRaw: priceColumn) = \(bind: price) AND \(unsafeRaw: seqColumn) \(unsafeRaw: beyond) \(bind: position.seq)))
                """
        }
    }

    /// The listings up to `edge` in `sort`'s order, edge included: `beyond`'s complement, as a
    /// range the index walk stops at (windows are PostgreSQL's only).
    private func within(_ edge: Position, sort: ListingSort, table: String = "l") -> SQLQueryString {
        switch sort {
        case .newest, .relevance:
            return "\(unsafeRaw: table).seq >= \(bind: edge.seq)"
        case .priceAsc, .priceDesc:
            guard let price = edge.price else { return "\(unsafeRaw: table).sort_price_cents IS NOT NULL" }
            let within = sort == .priceAsc ? "<=" : ">="
            return "(\(unsafeRaw: table).sort_price_cents, \(unsafeRaw: table).seq) \(unsafeRaw: within) (\(bind: price), \(bind: edge.seq))"
        }
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
    private func windowEdge(_ segment: Segment, query: SearchCriteria, walk: ListingTerms?, from start: Position?, size: Int) async throws -> Position? {
        guard dialect.isPostgres, let text = query.text, text.isbn == nil, segment.featured != true else { return nil }
        if let walk {
            return try await walk.edge(termBounds(query, from: start, to: nil), marks: marks(segment.tier, query), size: size, on: sql)
                .map { Position(seq: $0.seq, price: $0.price) }
        }
        switch query.sort {
        case .newest, .relevance:
            var top = start?.seq
            if top == nil {
                top = try await sql.prepared("SELECT max(seq) + 1 AS top FROM listings").first()?.decode(column: "top", as: Int64?.self)
            }
            guard let top, top > Int64(size) else { return nil }
            return Position(seq: top - Int64(size), price: nil)
        case .priceAsc, .priceDesc:
            var conditions: [SQLQueryString] = ["l.status = \(bind: query.status.rawValue)", "l.sort_price_cents IS NOT NULL"]
            // The walk's own index: a category's (its condition as a literal, `FeedIndexes`), else the feed's.
            if let mask = query.categoryMask, FeedIndexes(categoryMask: mask) != .all {
                conditions.append(FeedIndexes.categoryCondition(mask, column: "l.category_mask"))
            }
            conditions += Self.priceRange(query)
            if let start { conditions.append(beyond(start, sort: query.sort)) }
            let row = try await sql.raw("""
                SELECT l.seq, l.sort_price_cents FROM listings l WHERE \(conditions.joined(separator: " AND "))
                ORDER BY \(Self.order(query.sort, seq: "l.seq", table: "l")) OFFSET \(literal: size - 1) LIMIT 1
                """).first()
            return try row.map { Position(seq: try $0.decode(column: "seq", as: Int64.self),
                                          price: try $0.decode(column: "sort_price_cents", as: Int64?.self)) }
        }
    }

    /// How far a PostgreSQL text search walks before reading `matches` by the text index would
    /// cost less. Measured at 1M listings: a match read through the text index costs about
    /// 2.2 µs; a listing walked newest first 0.7 µs (the table is in that order), by price
    /// 5–10 µs (each a jump in the table). So three listings per match newest first, and one per
    /// two matches by price. A word's own listings (`byTerms`) are each a jump too, but each may
    /// match, and reading by matches reads them all: one per match, and at least their first
    /// window (a common word with a rare one, `q=hard lamp`, walked a second window of `hard`'s
    /// listings, 3 ms at 1M, before reading the matches of both in 1.3 ms).
    private func walkReach(_ matches: Int, sort: ListingSort, byTerms: Bool) -> Int {
        byTerms ? max(termWindow, matches) : max(walkWindow, sort.isByPrice ? matches / 2 : matches * 3)
    }

    /// What the walk's own windows say is left to match: the rate they met matches at, times the
    /// `listings` left (`listingsLeft`). PostgreSQL's estimate takes words and filters as independent,
    /// and they often meet more than that (`q=calculus&category=textbooks` with a price range:
    /// 1,239 estimated, 5,308 there), so a walk that was finding matches switched to reading
    /// thousands of them (20 → 55 ms at 1M). By price the listings left are not counted, and 0
    /// leaves the reach to the estimate.
    static func observedMatches(_ met: Int, walked: Int, of listings: Double, sort: ListingSort) -> Int {
        guard !sort.isByPrice, met > 0, walked > 0 else { return 0 }
        return Int(Double(met) / Double(walked) * listings)
    }

    /// About how many listings a walk newest first has left past `edge`: counted for free, as
    /// listings are numbered in order (a deleted one only makes the count high); of a word's own
    /// listings (`walk`), that word's share of them.
    static func listingsLeft(past edge: Position, walk: ListingTerms?) -> Double {
        Double(edge.seq) * (walk?.share ?? 1)
    }

    /// Whether the walk so far contradicts PostgreSQL's estimate of the matches left: newest first,
    /// it met none where the estimate, spread over the listings left, expected `contradiction`
    /// or more. The estimate takes words and filters as independent; a common word with a price
    /// range its listings seldom fall in (`q=notes` priced 50–250 at 1M listings: 27k estimated,
    /// none there) walked 42k listings a tier before reading by matches. By price the listings
    /// left are not counted (`observedMatches`), and the reach alone decides.
    static func walkContradicts(_ estimate: Int, met: Int, walked: Int, of listings: Double, sort: ListingSort) -> Bool {
        guard !sort.isByPrice, met == 0, listings > 0 else { return false }
        return Double(estimate) * Double(walked) / listings >= contradiction
    }

    /// How many matches a walk must have been expected to meet, and met none, to stop trusting the
    /// estimate: at 30 expected, meeting none by chance is about e⁻³⁰.
    static let contradiction = 30.0

    /// PostgreSQL's own estimate of what the text index finds after `edge` for the words (in the
    /// primary fields for the first tier) and the filters it holds (`SearchFacet`; by price, the
    /// price bands left). It takes them as independent, which they are not: the walk's windows
    /// tell how often they meet.
    private func estimatedMatches(_ query: SearchCriteria, tier: Tier, from edge: Position, prefixWords: [String]?) async throws -> Int {
        let tokens = query.text?.tokens ?? []
        let prices = Self.prices(of: Stretch(start: edge, end: nil), sort: query.sort)
        let facets = SearchFacet.groups(of: query, prices: prices)
        return try await sql.estimatedRows("""
            SELECT 1 FROM listings l
            WHERE \(SearchDialect.indexMatch(tokens, tokens.indices, prefixWords: prefixWords, facets: facets, tier: tier))
            """)
    }

    /// PostgreSQL: the stored words the last token starts, when it is a prefix that starts at most
    /// `ListingTerms.maxTerms` (`SearchDialect.indexMatch`); nil otherwise.
    private func lastPrefixWords(_ query: SearchCriteria) async throws -> [String]? {
        guard dialect.isPostgres, let tokens = query.text?.tokens, let last = tokens.indices.last,
              SearchDialect.isPrefix(last, of: tokens),
              let words = try await ListingTerms.words(for: tokens[last], prefix: true, on: sql) else { return nil }
        return words.count <= ListingTerms.maxTerms ? words : nil
    }

    /// The index to browse by (no text): one category's own (`FeedIndexes`), and newest first
    /// within a price range the cheaper of two walks. A wide range is found fastest by walking
    /// listings newest first and checking each price, a narrow one by reading it from the price
    /// index and sorting. SQLite takes the price index for any range (142 ms for a range holding
    /// 72% of 100k listings, against 0.2 ms walking newest first), so it is told which; nil leaves
    /// the choice to the database (PostgreSQL, a seller's listings, the whole feed without a range).
    private func browsingIndex(_ feed: FeedIndexes, query: SearchCriteria) async throws -> String? {
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
        let wide = try await reachesPlanThreshold(range)
        return wide ? feed.byAge : own(feed.byPrice)
    }

    /// Whether `rows` yields at least `planThreshold` rows; counting stops there, so the probe
    /// costs at most that many index entries.
    private func reachesPlanThreshold(_ rows: SQLQueryString) async throws -> Bool {
        let count = try await sql.raw("SELECT count(*) AS n FROM (\(rows) LIMIT \(literal: planThreshold))").first()?
            .decode(column: "n", as: Int.self) ?? 0
        return count >= planThreshold
    }

}
