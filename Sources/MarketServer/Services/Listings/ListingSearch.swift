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

    enum Tier { case any, primary, secondary }

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
        var next = query.cursor?.segment ?? 0
        var found: [(listing: ListingRow, segment: Int)] = []
        // Featured segments are cheap (few rows, their own index), so they travel in one round trip
        // with the first regular segment; a later segment is read only when the page is still short.
        while next < segments.count, found.count <= query.limit {
            var last = next
            while last < segments.count - 1, segments[last].featured == true { last += 1 }
            var branches: [SQLQueryString] = []
            for index in next...last {
                let statement = try await segmentStatement(segments[index], index: index, query: query,
                                                           after: index == query.cursor?.segment ? query.cursor : nil,
                                                           asOf: asOf, limit: query.limit + 1 - found.count)
                branches.append("SELECT * FROM (\(statement)) AS segment_\(unsafeRaw: String(index))")
            }
            // Sellers' names are joined to the page, not to the listings walked to find it: PostgreSQL
            // otherwise hashed every user for the featured branch (7.5 of 9 ms at 1M listings).
            let rows = try await sql.raw("""
                SELECT page.*, u.name AS seller_name FROM (\(branches.joined(separator: " UNION ALL "))) AS page
                LEFT JOIN users u ON u.id = page.seller_id
                """).all()
            var batch = try rows.map { (listing: try ListingRow(row: $0), segment: try $0.decode(column: "segment_index", as: Int.self)) }
            batch.sort { Self.precedes($0, $1, sort: query.sort) }
            found += batch.prefix(query.limit + 1 - found.count)
            next = last + 1
        }
        guard found.count > query.limit else { return (found.map(\.listing), nil) }
        found.removeLast()
        let last = found[found.count - 1]
        let cursor = ListingCursor(segment: last.segment, seq: last.listing.seq, price: last.listing.sortPriceCents, asOf: asOf)
        return (found.map(\.listing), cursor)
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

    /// One segment's SELECT, tagged with its index as `segment_index`.
    private func segmentStatement(_ segment: Segment, index: Int, query: SearchCriteria, after cursor: ListingCursor?,
                                  asOf: Date, limit: Int) async throws -> SQLQueryString {
        let dialect = SearchDialect(isPostgres: sql.dialect.name == "postgresql")
        var conditions: [SQLQueryString] = ["l.status = \(bind: query.status.rawValue)"]
        // Featured listings are few: reach them through their own index, never by scanning the rest.
        var from = dialect.listings(index: segment.featured == true ? "ix_listings_featured" : nil)
        let feed = FeedIndexes(categoryMask: query.categoryMask)
        if segment.featured != true, query.text == nil, let index = try await browsingIndex(feed, dialect: dialect, query: query) {
            from = dialect.listings(index: index)
        }
        var seqColumn = "l.seq"

        if let text = query.text {
            if let isbn = text.isbn {
                conditions.append("l.isbn = \(bind: isbn)")
            } else {
                let drive: SearchDialect.Drive
                if segment.featured == true {
                    drive = .featured
                } else if query.sort == .priceAsc || query.sort == .priceDesc {
                    drive = try await priceSortDrive(feed, dialect: dialect, tokens: text.tokens, tier: segment.tier)
                } else {
                    drive = .text
                }
                let shape = dialect.textSearch(tokens: text.tokens, tier: segment.tier, drive: drive)
                from = shape.from
                conditions.append(shape.condition)
                seqColumn = shape.seqColumn
            }
        }
        if let mask = query.categoryMask { conditions.append(FeedIndexes.categoryCondition(mask, column: "l.category_mask")) }
        switch query.offer {
        case .buy: conditions.append("l.sale_price_cents IS NOT NULL")
        case .rent: conditions.append("l.rent_price_cents IS NOT NULL")
        case .trade: conditions.append("l.open_to_trade = \(bind: true)")
        case nil: break
        }
        if let minimum = query.minPriceCents { conditions.append("l.sort_price_cents >= \(bind: Int64(minimum))") }
        if let maximum = query.maxPriceCents { conditions.append("l.sort_price_cents <= \(bind: Int64(maximum))") }
        if let condition = query.condition { conditions.append("l.condition = \(bind: condition.rawValue)") }
        if let seller = query.sellerID { conditions.append("l.seller_id = \(bind: seller)") }
        if !query.excludedSellers.isEmpty { conditions.append("l.seller_id NOT IN (\(binds: query.excludedSellers))") }
        if let campus = query.campus { conditions.append("l.campus = \(bind: campus)") }
        switch segment.featured {
        case true?: conditions.append("l.featured_until > \(bind: asOf)")
        case false?: conditions.append("(l.featured_until IS NULL OR l.featured_until <= \(bind: asOf))")
        case nil: break
        }

        let order: SQLQueryString
        switch query.sort {
        case .newest, .relevance:
            if let cursor { conditions.append("\(unsafeRaw: seqColumn) < \(bind: cursor.seq)") }
            order = "\(unsafeRaw: seqColumn) DESC"
        case .priceAsc, .priceDesc:
            // Price sorts list what has a price (trade-only listings have none).
            conditions.append("l.sort_price_cents IS NOT NULL")
            let ascending = query.sort == .priceAsc
            if let cursor, let price = cursor.price {
                let beyond = ascending ? ">" : "<"
                conditions.append("(l.sort_price_cents \(unsafeRaw: beyond) \(bind: price) OR (l.sort_price_cents = \(bind: price) AND l.seq \(unsafeRaw: beyond) \(bind: cursor.seq)))")
            }
            order = ascending ? "l.sort_price_cents ASC, l.seq ASC" : "l.sort_price_cents DESC, l.seq DESC"
        }

        return """
            SELECT \(unsafeRaw: ListingRow.selectList), \(literal: index) AS segment_index FROM \(from)
            WHERE \(conditions.joined(separator: " AND ")) ORDER BY \(order) LIMIT \(literal: limit)
            """
    }

    /// The index to browse by (no text): one category's own (`FeedIndexes`), and newest first
    /// within a price range the cheaper of two walks. A wide range is found fastest by walking
    /// listings newest first and checking each price, a narrow one by reading it from the price
    /// index and sorting. SQLite takes the price index for any range (142 ms for a range holding
    /// 72% of 100k listings, against 0.2 ms walking newest first), so it is told which; nil leaves
    /// the choice to the database (PostgreSQL, a seller's listings, the whole feed without a range).
    private func browsingIndex(_ feed: FeedIndexes, dialect: SearchDialect, query: SearchCriteria) async throws -> String? {
        guard !dialect.isPostgres, query.sellerID == nil else { return nil }
        // A category's own index is always named; the whole feed's is left to SQLite unless a probe decides.
        let own = { (index: String) in feed == .all ? nil : index }
        let byPrice = query.sort == .priceAsc || query.sort == .priceDesc
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

    /// Sorting matches by price: few matches are read and sorted; many are found faster by
    /// walking the price index and checking each listing against the matches (SQLite cannot
    /// estimate full-text selectivity itself; PostgreSQL's planner can).
    private func priceSortDrive(_ feed: FeedIndexes, dialect: SearchDialect, tokens: [String], tier: Tier) async throws -> SearchDialect.Drive {
        guard !dialect.isPostgres else { return .text }
        let many = try await reachesPlanThreshold(
            "SELECT rowid FROM listings_fts WHERE listings_fts MATCH \(bind: dialect.ftsMatch(tokens: tokens, tier: tier))")
        return many ? .listings(index: feed.byPrice) : .text
    }
}
