import Foundation
import MarketCore

/// The decisions behind a search page, apart from the SQL that carries them out
/// (`ListingSearch` runs them; `ListingSearch+Statement.swift` and `SearchDialect` write the
/// SQL): which segments a page reads, how each stretch of a segment is read, how wide a walk
/// window grows, and when a walk gives way to reading the rest by its matches. Every function
/// here is pure, so `SearchPlanTests` checks the cases docs/benchmarks-history.md measured
/// without a database.
///
/// Ranking rule (also in openapi.yaml): results come in segments, each read in index order —
/// 1. featured listings that match the query and filters, then 2. the other matches. With a
/// query sorted by relevance, each of those splits again: listings whose title, author, ISBN or
/// course code contain every word come before listings that match only through their
/// description; within a segment, newest first. Price sorts order each segment by price.
///
/// Why tiers rather than bm25 scores: scoring every match of a common word costs tens of
/// milliseconds at a million listings (74 ms for a word matching 54k rows, measured), while each
/// tier is a scan in row-id order that stops after one page (0.1–0.2 ms), and pages stay stable.
struct SearchPlan: Sendable {
    /// How many rows a probe counts before choosing the plan for many (SQLite's browsing index,
    /// `ListingSearch.browsingIndex`; `priceRangeProbe` for a price range's matches); tests lower
    /// it to run both plans on a few listings.
    var planThreshold = 5_000
    /// How many of a price range's matches a probe counts before they are many
    /// (`mayReadPriceRange`): a twenty-fifth of `planThreshold`.
    var priceRangeProbe: Int { planThreshold / 25 }
    /// How many listings a PostgreSQL text search walks in page order before it weighs walking
    /// on against reading the rest by their matches (`ListingSearch.windowEdge`); tests lower it
    /// to split pages across every kind of read.
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
    /// Tests lower it to weigh a few listings' words.
    var wordsWalkMatches = 500

    /// By relevance, how many matches PostgreSQL may expect of the second tier for it to be read
    /// whole by its matches in the round trip that reads the first tier's rest so (`followingTier`),
    /// instead of walked from the newest listing in windows of its own. Its first window cost as
    /// much as reading about this many matches: `q=oak des` at 1M listings (none in either tier)
    /// walked the same 2,000 newest listings for each tier (1.5 ms each), and asked two estimates.
    /// Tests raise it to read a few listings' second tier so, or lower it to walk it.
    var followingTierMatches = 500

    /// How many matches of the second tier ride with the first tier's rest even when that rest is
    /// expected to fill the page: reading them costs about one round trip (a match read through
    /// the text index 2.2–4 µs at 1M listings; a round trip with the server's own work on it,
    /// 0.5–1 ms). Tests lower it to keep a second tier apart.
    var ridingMatches = 200

    /// How many matches PostgreSQL must expect for a read by matches, newest first or by
    /// relevance, to ask its index for the filters most listings meet too. Their lists cost as
    /// much to read as thousands of rows, so they pay off only when they keep many matches out.
    /// Measured at 1M listings, leaving them to the rows made `q=desk&category=furniture&
    /// condition=good` with a 10–200 price range (about 1,000 matches expected) 24 → 16 ms and
    /// `q=sturdy&category=textbooks&maxPriceCents=5000` (7,568) 35 → 23 ms, but `q=notes` priced
    /// 50–250 (22,211 expected, none there: notes are cheap) 95 → 314 ms, since every one of the
    /// 55k listings saying "notes" was then read. Under a price sort the bands left are always
    /// asked: a word's listings crowd at a few prices, so the bands a walk has not passed often
    /// keep nearly all of them out (`q=monitor&sort=price_asc` under 50: 17 → 57–70 ms without).
    static let broadFacetMatches = 10_000

    /// How many matches a walk must have been expected to meet, and met none, to stop trusting the
    /// estimate and read the rest by its matches: at 10 expected, meeting none by chance is about
    /// e⁻¹⁰ (one walk in 22,000). A walk that met none where that many were expected has found
    /// words that seldom meet their filters (a common word in a category it is rare in), and the
    /// matches, few or far back, are found fastest where they are. At 30, `q=systems` in clothing
    /// by relevance (2,653 expected in each tier, none there) walked a second, wider window of
    /// the word's own listings in each tier first: 48 → 32 ms at 1M listings at 10.
    static let contradiction = 10.0

    /// A walk of a word's own listings starts with a smaller window: they hold matches densely,
    /// and each is a jump in the table.
    var termWindow: Int { max(1, walkWindow / 8) }

    /// A walk of listings by price starts with a smaller window: each listing is a jump in the
    /// table (`walkReach`), and a word rare among a category's listings walked 2,000 of them by
    /// price for a few matches before reading by matches (`q=kettle goggles` in textbooks
    /// dearest first, `q=floor` in clothing priced 5–55: 5 ms of a 10 ms page at 1M listings). A
    /// word common there still fills a page from the first quarter (`q=calculus` in textbooks).
    var priceWindow: Int { max(1, walkWindow / 4) }

    /// The first window of a walk: a word's own listings' (`walkingWords`), or the listings' by
    /// price or newest first.
    func firstWindow(walkingWords: Bool, byPrice: Bool) -> Int { walkingWords ? termWindow : byPrice ? priceWindow : walkWindow }

    // MARK: Segments

    enum Tier { case any, primary, secondary }

    struct Segment: Equatable {
        let featured: Bool?  // nil: featured and not alike (featuring applies to active listings)
        let tier: Tier
    }

    /// The segments of a page, in page order: featured first (active listings only), and by
    /// relevance the title-first tier before the rest (an ISBN is one exact match: no tiers).
    static func segments(for query: SearchCriteria) -> [Segment] {
        let tiers: [Tier] = (query.sort == .relevance && query.text?.isbn == nil) ? [.primary, .secondary] : [.any]
        guard query.status == .active else { return tiers.map { Segment(featured: nil, tier: $0) } }
        return tiers.map { Segment(featured: true, tier: $0) } + tiers.map { Segment(featured: false, tier: $0) }
    }

    /// A place in a segment's order: the last listing a page read, or the edge of a walk's window.
    struct Position: Equatable {
        let seq: Int64
        let price: Int64?
    }

    /// The stretch of a segment one statement reads.
    struct Stretch {
        /// Listings after this one (the last a page read, or a walk window's edge); nil: from the first.
        var start: Position?
        /// Up to and including this one (a walk window's edge); nil: to the last.
        var end: Position?
        /// Read by the text index's matches and sorted, rather than walked in page order.
        var byMatches = false
        /// Reading by matches, how many matches PostgreSQL expects (`facetsAsked` weighs it).
        var expecting = 0
    }

    // MARK: How a stretch is read

    /// How one statement of a text search reaches its listings (`SearchDialect.Drive` says how
    /// each database writes it).
    enum Read: Equatable {
        /// The featured listings' own small index.
        case featured
        /// Every match through the text index, sorted (past a walk window).
        case matches
        /// One word's own listings in page order (PostgreSQL's `ListingTerms`).
        case words
        /// Listings in page order, each checked (PostgreSQL's walk window).
        case listings(byPrice: Bool)
        /// Matches in price order (SQLite's `priced_fts`).
        case priced
        /// Matches in row-id order, newest first.
        case text
    }

    /// Whether a text search on SQLite, not by price, may read a price range's matches through
    /// `priced_fts` (whose row ids are places in price order, so the range bounds the read) and
    /// sort them, rather than walk the word's matches newest first checking each one's price: when
    /// few matches fall in the range (fewer than `priceRangeProbe`, counted by a probe that stops
    /// there). `q=notes` priced 50–250, none there, walked all 56k matches of `notes` (20 ms at 1M
    /// listings); the range's own were counted in 1 ms. Counting costs the searches that then walk
    /// anyway: up to the whole threshold (5,000), the Zipf mix lost 8% of its throughput; up to a
    /// fifth, it gained 4% (p99 12.7–13.1 → 11.1–11.4 ms), but `q=desk` in furniture priced
    /// 10–200 spent 2.7 ms counting to 1,000 before a 0.7 ms walk; up to a twenty-fifth (200), that
    /// search went 297 → 706 req/s and the mix another 3–5%.
    static func mayReadPriceRange(_ query: SearchCriteria, isPostgres: Bool) -> Bool {
        !isPostgres && !query.sort.isByPrice && (query.minPriceCents != nil || query.maxPriceCents != nil)
    }

    /// The category whose own word index a text search newest first or by relevance reads, when
    /// it filters by one category: SQLite's stretch of `category_fts` (`CategorySearchIndex`),
    /// PostgreSQL's entries of `listing_terms` in the category (`ListingTerms.category`), walked
    /// from the first window. Either holds only the category's listings of a word, so a word the
    /// category never has is an empty read, not a walk of the word's or the category's listings.
    ///
    /// On SQLite a price range is then checked on each listing, not read from `priced_fts`
    /// (`mayReadPriceRange`): that read asked the main index for the word and the category
    /// together, and counting a common word's matches among a category's before an empty page
    /// took 20–55 ms at 1M listings (`q=used` in textbooks priced 10–60).
    static func categoryWordIndex(_ query: SearchCriteria) -> ListingCategory? {
        guard !query.sort.isByPrice, query.text?.isbn == nil else { return nil }
        return ListingCategory.only(in: query.categoryMask)
    }

    /// How a text search (other than an ISBN's, one equality) reads `stretch` of `segment`.
    static func read(_ segment: Segment, stretch: Stretch, walkingWords: Bool, sort: ListingSort, isPostgres: Bool) -> Read {
        if segment.featured == true { return .featured }
        if stretch.byMatches { return .matches }
        if walkingWords { return .words }
        if isPostgres, stretch.end != nil { return .listings(byPrice: sort.isByPrice) }
        if sort.isByPrice, !isPostgres { return .priced }
        return .text
    }

    /// Whether a read of every match (`Read.matches`) may be planned once and kept prepared
    /// (PostgreSQL's plan made for every value, on the search connections): only when nothing but
    /// its words is a filter some index could read (no category, condition, offer, campus or
    /// seller), so the text index's is the only way in. A two-word prefix search (`q=oak des`)
    /// spent 0.45 ms planning each such read for 0.04 ms running it, at 1M listings.
    static func keepsMatchesRead(_ query: SearchCriteria) -> Bool {
        query.categoryMask == nil && query.condition == nil && query.offer == nil && query.campus == nil && query.sellerID == nil
    }

    /// Whether a PostgreSQL walk window newest first reads one category's own active listings
    /// (`CreateCategoryWalkIndexes`): a search of active listings in one category. Its status is
    /// written in, since the index's predicate holds it and a plan for every status could not
    /// take the index.
    static func walksCategory(_ query: SearchCriteria) -> Bool {
        query.status == .active && FeedIndexes(categoryMask: query.categoryMask).activeBySeq != nil
    }

    /// Whether a walk of one category's entries of the words (`ListingTerms.category`) goes on to
    /// its end, never weighed against reading the rest by matches: of one word they hold every
    /// match. Of several, each entry is checked for the others, and words that seldom meet walked
    /// all of one word's entries in the category, tier by tier (`q=biochemistry charger` in
    /// textbooks: 95 ms at 1M listings), so such a walk is weighed as any other.
    static func walksCategoryToItsEnd(_ query: SearchCriteria, walk: ListingTerms?) -> Bool {
        walk?.category != nil && query.text?.tokens.count == 1
    }

    /// Whether a price sort may walk a word's own listings: not when it filters by something few
    /// listings have (a category, a condition, renting, trading), which each listing walked is
    /// checked for. A common word rarely meets such a filter more often than chance says, and
    /// the walk then read tens of thousands of listings it could not use (`q=used&category=
    /// clothing` by price: 295 ms at 1M listings); the category's own price index, or the text
    /// index asked for both, finds those. A price range bounds the word's walk itself.
    ///
    /// Newest first nothing here rules a word's walk out: every listing the feed's walk would
    /// check without the word is one a word's walk skips. It is weighed once the feed's first
    /// window comes up short (`weighsWords`).
    static func walksTerms(_ query: SearchCriteria) -> Bool {
        guard query.sort.isByPrice else { return true }
        return SearchFacet.selective(SearchFacet.groups(of: query.withoutPriceRange)).isEmpty
    }

    /// Whether a read by matches expecting `matches` asks the index for broad filters too.
    static func asksBroadFacets(_ sort: ListingSort, expecting matches: Int) -> Bool {
        sort.isByPrice || matches >= broadFacetMatches
    }

    /// A price band's list costs PostgreSQL's text index about as much as reading this many
    /// matches: at 1M listings, asking for five bands added 3–5 ms to a read (0.7–1 ms a band),
    /// and a match read costs about 5 µs (`q=monitor`: 5,651 in 28 ms).
    static let rowsPerPriceBand = 200

    /// The filter groups a read by matches expecting `matches` asks the text index for: the broad
    /// ones only when many matches are expected or it is by price (`asksBroadFacets`), never more
    /// than half the price bands (`SearchFacet.withoutWideBands`), and the price bands only when
    /// they keep out more matches than their lists cost to read (`rowsPerPriceBand` a band). The
    /// matches they keep out are counted as if the words met the other filters wherever they are
    /// (words and a category often go together: `q=monitor` in electronics), which asks for the
    /// bands when in doubt. Measured at 1M listings, by price: `q=transcendentals phys` priced
    /// 5–55 (258 expected, none there) 7.5 → 2.4 ms without its five bands, `q=router electric`
    /// 3.8 → 0.6 ms; `q=monitor` (1,791 expected) keeps them, 28 → 8.5 ms. Every filter is
    /// checked on each row read all the same.
    static func facetsAsked(_ groups: [[SearchFacet]], sort: ListingSort, expecting matches: Int) -> [[SearchFacet]] {
        var asked = SearchFacet.withoutWideBands(groups)
        if !asksBroadFacets(sort, expecting: matches) { asked = SearchFacet.selective(asked) }
        return asked.filter { group in
            guard SearchFacet.isPriceBands(group) else { return true }
            let (bands, others) = (SearchFacet.share(of: [group]), SearchFacet.share(of: asked.filter { !SearchFacet.isPriceBands($0) }))
            let keptOut = Double(matches) / max(others, 0.001) * (1 - bands) / max(bands, 0.001)
            return keptOut >= Double(rowsPerPriceBand * group.count)
        }
    }

    /// The prices the listings of `stretch` can have, by a price sort (nil: any, or not by price).
    static func prices(of stretch: Stretch, sort: ListingSort) -> ClosedRange<Int64>? {
        guard sort.isByPrice else { return nil }
        let (first, last) = (stretch.start?.price, stretch.end?.price)
        let (lowest, highest) = sort == .priceAsc ? (first ?? 0, last ?? .max) : (last ?? 0, first ?? .max)
        guard first != nil || last != nil, lowest <= highest else { return nil }
        return lowest...highest
    }
}
