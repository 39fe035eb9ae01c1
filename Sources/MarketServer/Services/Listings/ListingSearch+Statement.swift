import Foundation
import MarketCore
import SQLKit

/// The SQL of one segment's stretch (`SearchPlan.Stretch`): the SELECT each database runs, with
/// the filters, the window's bounds and the page order. Which read it is, `SearchPlan` decides;
/// how each database words a text match, `SearchDialect`.
extension ListingSearch {
    /// A segment's SELECT, and whether its plan is the same whatever is bound.
    struct SegmentRead {
        let sql: SQLQueryString
        var plansAlike = false
    }

    /// One segment's SELECT, tagged with its index as `segment_index`: the stretch of its listings
    /// that `stretch` names. `unlessAbsent`: none when a typed word is in no listing (PostgreSQL,
    /// `QueryWords.everyWordStored`, asked by `read`).
    func segmentStatement(_ segment: Segment, index: Int, query: SearchCriteria, walk: ListingTerms?, prefixWords: [String]?,
                          stretch: Stretch, asOf: Date, limit: Int, unlessAbsent: Bool = false) async throws -> SegmentRead {
        var conditions: [SQLQueryString] = []
        var statusWrittenIn = false
        // Featured listings are few: reach them through their own index, never by scanning the rest.
        var from = dialect.listings(index: segment.featured == true ? "ix_listings_featured" : nil)
        let feed = FeedIndexes(categoryMask: query.categoryMask)
        if segment.featured != true, query.text == nil, let index = try await browsingIndex(feed, query: query) {
            from = dialect.listings(index: index)
        }
        var (seqColumn, orderTable, priceKey) = ("l.seq", "l", nil as String?)
        var rowidOfSeq: ((Int64) -> Int64)?
        // Browsing walks the feed's index in page order whatever is bound, except within a price
        // range, where how wide the range is decides between the price index and the age index.
        // Kept prepared on PostgreSQL, the feed is planned once per connection: planning it
        // among the listings' 31 indexes took 0.5–1.8 ms, executing it 0.1 ms (100k listings).
        var plansAlike = query.minPriceCents == nil && query.maxPriceCents == nil

        if let text = query.text {
            plansAlike = false
            if let isbn = text.isbn {
                conditions.append("l.isbn = \(bind: isbn)")
            } else {
                var facets = SearchFacet.groups(of: query, prices: SearchPlan.prices(of: stretch, sort: query.sort))
                if stretch.byMatches { facets = SearchPlan.facetsAsked(facets, sort: query.sort, expecting: stretch.expecting) }
                // SQLite's FTS5 seeks every band's list at each step of an AND, whatever the read:
                // `q=systems&category=electronics` priced 10–210 (seven bands, no match at 1M
                // listings) took 11 ms in the index with the bands and 2 ms without.
                if !dialect.isPostgres { facets = SearchFacet.withoutWideBands(facets) }
                var drive: SearchDialect.Drive
                switch SearchPlan.read(segment, stretch: stretch, walkingWords: walk != nil, sort: query.sort, isPostgres: dialect.isPostgres) {
                case .featured: drive = .featured
                case .matches:
                    let kept = SearchPlan.keepsMatchesRead(query)
                    drive = .matches(kept: kept)
                    // Kept, its plan is made for every status: it took `status = $1` for a third of
                    // the listings and read the status index's 850k entries to intersect with the
                    // matches (39 ms at 1M). Written in, the status is known to hold most.
                    statusWrittenIn = kept
                case .words: drive = .terms(from: walk!.listings(termBounds(query, from: stretch.start, to: stretch.end), marks: marks(segment.tier, query)))
                case .listings(let byPrice):
                    drive = .listings(index: byPrice ? feed.byPrice : feed.byAge)
                    statusWrittenIn = !byPrice && SearchPlan.walksCategory(query)
                case .priced: drive = .priced
                case .text:
                    drive = .text
                    if !dialect.isPostgres, let category = SearchPlan.categoryWordIndex(query) {
                        drive = .category(category)
                    } else if SearchPlan.mayReadPriceRange(query, isPostgres: dialect.isPostgres),
                       let range = try await pricedRange(text.tokens, tier: segment.tier, query: query) {
                        (drive, facets) = (.pricedRange(keys: range.keys), range.facets)
                    }
                }
                let shape = dialect.textSearch(tokens: text.tokens, tier: segment.tier, facets: facets, drive: drive, prefixWords: prefixWords)
                from = shape.from
                conditions.append(shape.condition)
                (seqColumn, orderTable, priceKey, rowidOfSeq) = (shape.seqColumn, shape.orderTable, shape.priceKey, shape.rowidOfSeq)
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
        if let condition = query.campusOnlyListings.condition(filteredTo: query.campus) { conditions.append(condition) }
        switch segment.featured {
        // `IS NOT NULL` is what lets a plan made for every value (a prepared statement's generic
        // plan) see how few listings are featured: it guesses a third of the table for `> $n`
        // alone, and walked every listing newest first for the 18 featured (30 ms at 100k).
        case true?: conditions.append("l.featured_until IS NOT NULL AND l.featured_until > \(bind: asOf)")
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
        var bounds = Self.priceRange(query, table: bounded, checkedEach: walksByAge(query))
        if query.sort.isByPrice {
            // Price sorts list what has a price (trade-only listings have none).
            bounds.append("\(unsafeRaw: bounded).sort_price_cents IS NOT NULL")
        }
        if let start = stretch.start { bounds.append(beyond(start, sort: query.sort, table: bounded)) }
        // FTS5 starts its walk of the row ids at the page's start only when told so in row ids.
        if let priceKey, let start = stretch.start, let price = start.price {
            bounds.append("\(unsafeRaw: priceKey) \(unsafeRaw: query.sort == .priceAsc ? ">" : "<") \(bind: PricedSearchIndex.key(price: price, seq: start.seq))")
        }
        if let rowidOfSeq, let start = stretch.start { bounds.append("\(unsafeRaw: seqColumn) < \(bind: rowidOfSeq(start.seq))") }
        if let end = stretch.end { bounds.append(within(end, sort: query.sort, table: bounded)) }
        if !stretch.byMatches { conditions += bounds }

        conditions.insert(statusWrittenIn ? "l.status = \(literal: query.status.rawValue)" : "l.status = \(bind: query.status.rawValue)", at: 0)
        if unlessAbsent { conditions.insert(QueryWords.everyWordStored, at: 0) }
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
        return SegmentRead(sql: "SELECT * FROM (\(select) OFFSET 0) AS rest\(outer) ORDER BY \(Self.order(query.sort, seq: "rest.seq", table: "rest")) LIMIT \(literal: limit)",
                           plansAlike: plansAlike)
    }

    /// The `priced_fts` row ids of `query`'s price range, and its filters for the index without
    /// the price bands (the range bounds the read), when fewer matches than
    /// `plan.priceRangeProbe` fall in the range (`SearchPlan.mayReadPriceRange`); nil otherwise.
    private func pricedRange(_ tokens: [String], tier: Tier, query: SearchCriteria) async throws -> (keys: ClosedRange<Int64>, facets: [[SearchFacet]])? {
        let keys = PricedSearchIndex.keys(from: query.minPriceCents, to: query.maxPriceCents)
        let facets = SearchFacet.groups(of: query.withoutPriceRange)
        let probe = dialect.textSearch(tokens: tokens, tier: tier, facets: facets, drive: .pricedRange(keys: keys))
        return try await reaches(plan.priceRangeProbe, "SELECT 1 FROM priced_fts WHERE \(probe.condition)") ? nil : (keys, facets)
    }

    /// The price range `query` asks for, as conditions on the price of `table` (a listing, or a
    /// `ListingTerms` entry); `checkedEach`, written so that no index can read the range, and
    /// each listing walked is checked for it instead (`walksByAge`).
    static func priceRange(_ query: SearchCriteria, table: String = "l", checkedEach: Bool = false) -> [SQLQueryString] {
        let price: SQLQueryString = checkedEach ? "(\(unsafeRaw: table).sort_price_cents + 0)" : "\(unsafeRaw: table).sort_price_cents"
        var conditions: [SQLQueryString] = []
        if let minimum = query.minPriceCents { conditions.append("\(price) >= \(bind: Int64(minimum))") }
        if let maximum = query.maxPriceCents { conditions.append("\(price) <= \(bind: Int64(maximum))") }
        return conditions
    }

    /// Whether a PostgreSQL text search walks its listings newest first, checking each one's
    /// price: such a walk is kept prepared and runs the plan PostgreSQL makes once for every
    /// value (`DatabaseSetup`), which, given a price range it could read from an index, read the
    /// range by price and sorted it (`q=soccer` priced 5–55: 17–24 ms against 0.5 walking a
    /// window). A walk window holds at most its size of listings, so checking each costs little.
    func walksByAge(_ query: SearchCriteria) -> Bool {
        dialect.isPostgres && query.text != nil && !query.sort.isByPrice
    }

    /// The `ListingTerms` entries (`y`) in the price range, after `start` and up to `end`.
    func termBounds(_ query: SearchCriteria, from start: Position?, to end: Position?) -> [SQLQueryString] {
        var bounds = Self.priceRange(query, table: "y", checkedEach: walksByAge(query))
        if let start { bounds.append(beyond(start, sort: query.sort, table: "y")) }
        if let end { bounds.append(within(end, sort: query.sort, table: "y")) }
        return bounds
    }

    /// The `ListingTerms` entries `tier` walks, by their primary-field mark.
    func marks(_ tier: Tier, _ query: SearchCriteria) -> [Bool] {
        ListingTerms.marks(for: tier, words: query.text?.tokens.count ?? 0)
    }

    /// `ORDER BY` for `sort`, on the columns of `table` (newest by `seq`, which FTS5 may name differently).
    static func order(_ sort: ListingSort, seq: String, table: String) -> SQLQueryString {
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
    func beyond(_ position: Position, sort: ListingSort, table: String = "l") -> SQLQueryString {
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
    func within(_ edge: Position, sort: ListingSort, table: String = "l") -> SQLQueryString {
        switch sort {
        case .newest, .relevance:
            return "\(unsafeRaw: table).seq >= \(bind: edge.seq)"
        case .priceAsc, .priceDesc:
            guard let price = edge.price else { return "\(unsafeRaw: table).sort_price_cents IS NOT NULL" }
            let within = sort == .priceAsc ? "<=" : ">="
            return "(\(unsafeRaw: table).sort_price_cents, \(unsafeRaw: table).seq) \(unsafeRaw: within) (\(bind: price), \(bind: edge.seq))"
        }
    }

}
