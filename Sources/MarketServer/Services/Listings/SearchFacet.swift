import MarketCore

/// A filter the full-text index also holds as a word of its own: a listing's categories, its
/// condition, the ways it is offered and its price band.
///
/// Why: a text search with filters finds its matches either by walking listings in page order
/// and checking each, or by reading every match of its words and checking the filters. When a
/// common word rarely meets its filters, both read tens of thousands of listings for a page
/// (`q=wooden&category=textbooks` by relevance: the few textbooks with "wooden" in their title
/// were found by walking 42k listings and then reading all 90k that say "wooden"; 436 ms at 1M
/// listings on PostgreSQL). With the filters in the index, the index intersects the
/// word's listings with the category's itself and only the listings that meet both are read.
/// Price bands serve price ranges the same way, and the rest of a price sort read by its
/// matches (`ListingSearch`) asks only for the bands it has not passed.
///
/// Tried and left out: reading a price sort's matches one band at a time. A prefix (`foldable*`)
/// makes the index gather every word it starts with on each read, 45 ms a band at 1M listings,
/// so the Zipf mix's p99 rose from 182 to 254 ms.
///
/// The words are spelled so that nothing a person types can match them: typed words are
/// letters and digits only (`SearchText`).
enum SearchFacet: Hashable {
    case category(ListingCategory)
    case condition(ListingCondition)
    case offer(OfferKind)
    /// Prices from `priceBandEdges[band - 1]` (0 for the first band) up to, not including,
    /// `priceBandEdges[band]` (no end for the last), in minor units.
    case priceBand(Int)

    /// Where one price band ends and the next begins: about a tenth of a campus's listings each,
    /// finer where prices crowd (tens of dollars), whatever the currency's unit.
    static let priceBandEdges: [Int64] = [500, 1_000, 2_000, 3_000, 5_000, 7_500, 10_000, 15_000, 25_000, 50_000, 100_000]
    static var priceBands: ClosedRange<Int> { 0...priceBandEdges.count }

    /// The band `price` falls in.
    static func priceBand(of price: Int64) -> Int {
        priceBandEdges.firstIndex { price < $0 } ?? priceBandEdges.count
    }

    /// The lowest price in `band`, and the first price past it (nil: none, the last band).
    static func prices(of band: Int) -> (lowest: Int64, end: Int64?) {
        (band == 0 ? 0 : priceBandEdges[band - 1], band < priceBandEdges.count ? priceBandEdges[band] : nil)
    }

    /// PostgreSQL's lexeme, in `search_vector`. It starts with `~`, so no typed word, nor a
    /// typed prefix (`cat:*`), can match it.
    var lexeme: String { "~\(kind):\(value)" }

    /// SQLite's FTS5 token, in the `search_facets` column. FTS5 splits words at anything but
    /// letters and digits, so it is made of those only; typed words are searched in the text columns
    /// only. It starts with `qx` because the 2- and 3-character prefix indexes hold every
    /// column's words: a common start (`ca`) would put every listing under a prefix people type.
    var token: String { "qx\(kind)\(value.filter { $0.isLetter || $0.isNumber })" }

    /// When a listing row has this facet, as SQL both databases read.
    var rowCondition: String {
        switch self {
        case .category(let category): "(category_mask & \(category.bit)) != 0"
        case .condition(let condition): "condition = '\(condition.rawValue)'"
        case .offer(.buy): "sale_price_cents IS NOT NULL"
        case .offer(.rent): "rent_price_cents IS NOT NULL"
        case .offer(.trade): "open_to_trade"
        case .priceBand(let band):
            switch Self.prices(of: band) {
            case (let lowest, let end?) where band > 0: "sort_price_cents >= \(lowest) AND sort_price_cents < \(end)"
            case (_, let end?): "sort_price_cents < \(end)"
            case (let lowest, nil): "sort_price_cents >= \(lowest)"
            }
        }
    }

    /// The columns the facets are computed from: a change to one re-indexes the listing.
    static let sourceColumns = ["category_mask", "condition", "sale_price_cents", "rent_price_cents", "open_to_trade", "sort_price_cents"]

    private var kind: String {
        switch self {
        case .category: "category"
        case .condition: "condition"
        case .offer: "offer"
        case .priceBand: "price"
        }
    }

    private var value: String {
        switch self {
        case .category(let category): category.rawValue
        case .condition(let condition): condition.rawValue
        case .offer(let offer): offer.rawValue
        case .priceBand(let band): String(band)
        }
    }

    /// The facets a search filters by: every group must match, each by any one of its facets
    /// (a search in two categories finds a listing in either). `prices` narrows the query's
    /// price range (a price sort reading from one place in its order to another).
    static func groups(of query: SearchCriteria, prices: ClosedRange<Int64>? = nil) -> [[SearchFacet]] {
        var groups: [[SearchFacet]] = []
        if let mask = query.categoryMask { groups.append(ListingCategory.from(mask: mask).map(Self.category)) }
        if let condition = query.condition { groups.append([.condition(condition)]) }
        if let offer = query.offer { groups.append([.offer(offer)]) }
        let lowest = max(Int64(query.minPriceCents ?? 0), prices?.lowerBound ?? 0)
        let highest = min(Int64(query.maxPriceCents ?? Int.max), prices?.upperBound ?? .max)
        // A range over every band asks nothing of the index (a listing with no price has no band,
        // and is excluded by the range itself); an empty one is left to the range's own conditions.
        if lowest <= highest {
            let bands = priceBand(of: lowest)...priceBand(of: highest)
            if bands != priceBands { groups.append(bands.map(Self.priceBand)) }
        }
        return groups.filter { !$0.isEmpty }
    }

    /// The groups that keep at most a third of listings. PostgreSQL's text index reads a facet's
    /// whole list of listings to intersect it with the words' list, so a group that keeps most
    /// listings can cost more than the rows it saves: for `q=desk&category=furniture&condition=
    /// good` with a 10–200 price range (1M listings), the seven price bands' lists took 8–14 of
    /// the 17–24 ms the index read took, to keep 400 rows out (`SearchPlan.broadFacetMatches`
    /// says when they pay). Every filter is also checked on each row read (`ListingSearch`), so
    /// leaving a group to the rows changes no result.
    static func selective(_ groups: [[SearchFacet]]) -> [[SearchFacet]] {
        groups.filter { share(of: [$0]) <= 1.0 / 3 }
    }

    /// About what part of a campus's listings meet every group, taking them as independent.
    static func share(of groups: [[SearchFacet]]) -> Double {
        groups.reduce(1) { $0 * min(1, $1.reduce(0) { $0 + $1.share }) }
    }

    /// Whether `group` is a price range's bands.
    static func isPriceBands(_ group: [SearchFacet]) -> Bool {
        if case .priceBand = group.first { return true }
        return false
    }

    /// `groups` without a price-band group of more than half the bands. PostgreSQL's text index
    /// reads each band's list whole to join them (about 5 ms a band at 1M listings), SQLite's
    /// seeks each band's list at every step of the intersection, and such a group keeps few
    /// listings out: `q=biol&category=electronics` dearest first, read by its
    /// matches past 865.00 (bands 0–10 left), took 66 ms with the bands and 14 ms without. The
    /// prices are checked on each row read all the same. A few bands left (a price sort near
    /// its end, a narrow range) keep nearly all of a word's listings out, and stay.
    static func withoutWideBands(_ groups: [[SearchFacet]]) -> [[SearchFacet]] {
        groups.filter { !isPriceBands($0) || $0.count * 2 <= priceBands.count }
    }

    /// About what part of a campus's listings have this facet. Most listings are for sale (83%
    /// of a seeded campus), and the price bands are drawn to hold about a tenth each.
    private var share: Double {
        switch self {
        case .category: 1 / Double(ListingCategory.allCases.count)
        case .condition: 1 / Double(ListingCondition.allCases.count)
        case .offer(.buy): 1
        case .offer: 0.25
        case .priceBand: 0.1
        }
    }

    /// `groups` as PostgreSQL `tsquery` text, read with a `::tsquery` cast (lexemes as they are):
    /// `('~category:notes' | '~category:textbooks') & '~condition:new'`.
    static func tsquery(_ groups: [[SearchFacet]]) -> String {
        groups.map { "(" + $0.map { "'\($0.lexeme)'" }.joined(separator: " | ") + ")" }.joined(separator: " & ")
    }

    /// `groups` as an FTS5 query on the `search_facets` column.
    static func fts5(_ groups: [[SearchFacet]]) -> String {
        groups.map { "search_facets : (" + $0.map { "\"\($0.token)\"" }.joined(separator: " OR ") + ")" }
            .joined(separator: " AND ")
    }
}
