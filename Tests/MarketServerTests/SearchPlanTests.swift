import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// The search plan's decisions, without a database: the cases docs/benchmarks-history.md measured
/// at 1M listings, each with the figures that set its threshold. `ListingSearchTests` runs the
/// plans against real SQLite and PostgreSQL.
@Suite("Search plan")
struct SearchPlanTests {
    @Test("a page reads featured listings first, and by relevance the title-first tier before the rest")
    func segments() {
        let featured = SearchPlan.Segment(featured: true, tier: .primary)
        #expect(SearchPlan.segments(for: SearchCriteria(text: "desk")) == [
            featured, .init(featured: true, tier: .secondary), .init(featured: false, tier: .primary), .init(featured: false, tier: .secondary),
        ])
        #expect(SearchPlan.segments(for: SearchCriteria(text: "desk", sort: .priceAsc)) == [.init(featured: true, tier: .any), .init(featured: false, tier: .any)])
        // An ISBN is one exact match: no tiers.
        #expect(SearchPlan.segments(for: SearchCriteria(text: "9780306406157")).count == 2)
        // Featuring applies to active listings: a seller's sold ones are one segment.
        #expect(SearchPlan.segments(for: SearchCriteria(status: .sold)) == [.init(featured: nil, tier: .any)])
    }

    @Test("by relevance, the second tier may ride with the first tier's rest only for listings of one kind, from its top")
    func followingTier() {
        let active = SearchPlan.segments(for: SearchCriteria(text: "oak des"))
        #expect(SearchPlan.followingTier(active, after: 2) == 3)
        #expect(SearchPlan.followingTier(active, after: 0) == nil, "the featured tiers are read together in the first round trip")
        #expect(SearchPlan.followingTier(active, after: 1) == nil)
        #expect(SearchPlan.followingTier(active, after: 3) == nil)
        let sold = SearchPlan.segments(for: SearchCriteria(text: "oak des", status: .sold))
        #expect(SearchPlan.followingTier(sold, after: 0) == 1)
        #expect(SearchPlan.followingTier(SearchPlan.segments(for: SearchCriteria(text: "oak des", sort: .newest)), after: 0) == nil)
        #expect(SearchPlan().readsFollowingTierWhole(estimate: 500, firstTierLeft: 11, wanted: 21), "q=oak des: 11 expected, none there")
        #expect(!SearchPlan().readsFollowingTierWhole(estimate: 501, firstTierLeft: 11, wanted: 21))
        #expect(!SearchPlan().readsFollowingTierWhole(estimate: 498, firstTierLeft: 186, wanted: 21),
                "q=white chai: the first tier's rest fills the page, and the second costs more than a round trip")
        #expect(SearchPlan().readsFollowingTierWhole(estimate: 101, firstTierLeft: 101, wanted: 21),
                "q=desk lam: the second costs less than the round trip it saves if the first's estimate is high")
    }

    @Test("each branch's estimate is read from the lines one level under a union's plan")
    func estimatesOfBranches() {
        let plan = [
            "Append  (cost=28.04..120.10 rows=16 width=4)",
            "  ->  Bitmap Heap Scan on listings l  (cost=28.04..47.99 rows=5 width=4)",
            "        Recheck Cond: (primary_vector @@ '''oak'' & ''desk'''::tsquery)",
            "        ->  Bitmap Index Scan on ix_listings_primary_search  (cost=0.00..28.04 rows=7 width=0)",
            "  ->  Bitmap Heap Scan on listings l_1  (cost=28.08..71.87 rows=11 width=4)",
            "        ->  Bitmap Index Scan on ix_listings_search  (cost=0.00..28.08 rows=13 width=0)",
        ]
        #expect(PlanLine.branchRows(plan, count: 2) == [5, 11])
        #expect(PlanLine.branchRows(plan, count: 3) == nil, "a branch folded away is not guessed at")
        #expect(PlanLine.branchRows(Array(plan.dropFirst()), count: 2) == nil, "not a union's plan")
    }

    @Test("each stretch is read the way its segment, window and database call for")
    func readOfAStretch() {
        let regular = SearchPlan.Segment(featured: false, tier: .any)
        let edge = SearchPlan.Position(seq: 998_000, price: nil)
        func read(_ segment: SearchPlan.Segment = regular, stretch: SearchPlan.Stretch = .init(), words: Bool = false,
                  sort: ListingSort = .newest, postgres: Bool) -> SearchPlan.Read {
            SearchPlan.read(segment, stretch: stretch, walkingWords: words, sort: sort, isPostgres: postgres)
        }
        #expect(read(.init(featured: true, tier: .any), postgres: true) == .featured)
        #expect(read(stretch: .init(start: edge, byMatches: true), postgres: true) == .matches)
        #expect(read(stretch: .init(end: edge), words: true, postgres: true) == .words)
        #expect(read(stretch: .init(end: edge), postgres: true) == .listings(byPrice: false))
        #expect(read(stretch: .init(end: edge), sort: .priceDesc, postgres: true) == .listings(byPrice: true))
        #expect(read(sort: .priceAsc, postgres: false) == .priced)
        #expect(read(postgres: false) == .text)
        #expect(read(postgres: true) == .text, "no window: the last stretch of a walk reads the rest in row order")
    }

    @Test("a price sort walks a word's own listings unless it filters by something few listings have")
    func wordsWalkedByPrice() {
        // q=used&category=clothing by price walked tens of thousands of listings it could not use (295 ms at 1M).
        #expect(!SearchPlan.walksTerms(SearchCriteria(text: "used", categories: [.clothing], sort: .priceAsc)))
        #expect(!SearchPlan.walksTerms(SearchCriteria(text: "lamp", condition: .new, sort: .priceDesc)))
        // A price range bounds the word's walk itself.
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", minPriceCents: 1_000, maxPriceCents: 5_000, sort: .priceAsc)))
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", categories: [.clothing], sort: .newest)))
    }

    @Test("a read of every match is planned once only when the text index is its only way in")
    func matchesKeptOnlyThroughTheTextIndex() {
        // `q=oak des` spent 0.45 ms planning each such read for 0.04 ms running it (1M listings).
        #expect(SearchPlan.keepsMatchesRead(SearchCriteria(text: "oak des")))
        #expect(SearchPlan.keepsMatchesRead(SearchCriteria(text: "desk", minPriceCents: 1_000, maxPriceCents: 5_000, sort: .priceAsc)),
                "a price range is checked past the read's fence, where no index reads it")
        // A filter an index could read: a plan made for every value may walk that index instead.
        #expect(!SearchPlan.keepsMatchesRead(SearchCriteria(text: "desk", categories: [.furniture])))
        #expect(!SearchPlan.keepsMatchesRead(SearchCriteria(text: "lamp", condition: .new)))
    }

    @Test("a window that came up short grows by the rate it found matches, four times when it found none")
    func windowsWiden() {
        #expect(SearchPlan.widened(2_000, hits: 0, asked: 21) == 8_000)
        #expect(SearchPlan.widened(2_000, hits: 5, asked: 16) == 9_600)
        let plan = SearchPlan()
        #expect(plan.firstWindow(walkingWords: false, byPrice: false) == 2_000)
        #expect(plan.firstWindow(walkingWords: false, byPrice: true) == 500, "by price each listing walked is a jump in the table")
        #expect(plan.firstWindow(walkingWords: true, byPrice: false) == 250)
        #expect(plan.firstWindow(walkingWords: true, byPrice: true) == 250)
    }

    @Test("a walk reaches three listings per match newest first, one per two by price, one per match of a word's own")
    func reach() {
        let plan = SearchPlan()
        #expect(plan.walkReach(1_000, sort: .newest, byTerms: false) == 3_000)
        #expect(plan.walkReach(100, sort: .relevance, byTerms: false) == 2_000, "at least the first window")
        #expect(plan.walkReach(10_000, sort: .priceAsc, byTerms: false) == 5_000)
        #expect(plan.walkReach(1_000, sort: .newest, byTerms: true) == 1_000)
        #expect(plan.walkReach(10, sort: .newest, byTerms: true) == 250)
    }

    @Test("a short walk reads the rest by matches when the window would pass its reach, or the walk contradicts the estimate")
    func restByMatches() {
        let plan = SearchPlan()
        let left = 958_000.0
        // q=notes priced 50–250: 27k estimated, none met in the first 2,000: read by matches at once.
        #expect(plan.readsRestByMatches(estimate: 27_000, left: 27_000, met: 0, walked: 2_000, of: left, size: 8_000, sort: .relevance, byTerms: false))
        // q=calculus&category=textbooks with a price range: 1,239 estimated, but the windows met 10
        // in 2,000, so about 4,790 are left and the walk goes on (20 → 55 ms when it did not).
        let observed = SearchPlan.matchesLeft(estimate: 1_239, met: 10, walked: 2_000, of: left, sort: .newest)
        #expect(observed == 4_790)
        #expect(!plan.readsRestByMatches(estimate: 1_239, left: observed, met: 10, walked: 2_000, of: left, size: 3_000, sort: .newest, byTerms: false))
        // A few matches left and a wide next window: reading them costs less than walking on.
        #expect(plan.readsRestByMatches(estimate: 300, left: 300, met: 1, walked: 2_000, of: left, size: 8_000, sort: .newest, byTerms: false))
        // By price the reach alone decides: one listing per two matches.
        #expect(plan.readsRestByMatches(estimate: 20_000, left: 20_000, met: 0, walked: 2_000, of: left, size: 9_000, sort: .priceAsc, byTerms: false))
        #expect(!plan.readsRestByMatches(estimate: 20_000, left: 20_000, met: 0, walked: 2_000, of: left, size: 7_000, sort: .priceAsc, byTerms: false))
    }

    @Test("PostgreSQL's estimate is the first rows= of the plan's top line")
    func estimateFromPlanLine() {
        #expect(PlanLine.rows("Bitmap Heap Scan on listings l  (cost=24.5..903.1 rows=18965 width=0)") == 18_965)
        #expect(PlanLine.rows("Limit  (cost=0.42..1.07 rows=1 width=8) rows=7") == 1)
        #expect(PlanLine.rows("Result  (cost=0.00..0.01 rows= width=4)") == 0)
        #expect(PlanLine.rows("rows=") == 0)
        #expect(PlanLine.rows("") == 0)
    }

    @Test("a word's own listings are weighed once a page, and only with 500 matches or more left")
    func wordsWeighed() {
        #expect(!SearchPlan().weighsWords(left: 499, weighedAlready: false), "q=hard lamp: 8 ms by matches, 13 ms by the word")
        #expect(SearchPlan().weighsWords(left: 500, weighedAlready: false))
        #expect(!SearchPlan().weighsWords(left: 50_000, weighedAlready: true))
    }

    @Test("by price, a stretch's prices run from its start to its end; otherwise any")
    func pricesOfAStretch() {
        let start = SearchPlan.Position(seq: 10, price: 500), end = SearchPlan.Position(seq: 4, price: 2_000)
        #expect(SearchPlan.prices(of: .init(start: start, end: end), sort: .priceAsc) == 500...2_000)
        #expect(SearchPlan.prices(of: .init(start: end, end: start), sort: .priceDesc) == 500...2_000)
        #expect(SearchPlan.prices(of: .init(start: start), sort: .priceAsc) == 500...Int64.max)
        #expect(SearchPlan.prices(of: .init(start: start, end: end), sort: .newest) == nil)
        #expect(SearchPlan.prices(of: .init(), sort: .priceAsc) == nil)
    }

    @Test("a walk weighs the matches its own windows met: newest first, their rate times the listings left; by price, none")
    func observedMatchesFollowTheWalk() {
        let left = SearchPlan.listingsLeft(past: SearchPlan.Position(seq: 998_000, price: 4_500), share: nil)
        #expect(SearchPlan.observedMatches(10, walked: 2_000, of: left, sort: .relevance) == 4_990)
        #expect(SearchPlan.observedMatches(3, walked: 8_000, of: left, sort: .newest) == 374)
        #expect(SearchPlan.observedMatches(0, walked: 2_000, of: left, sort: .newest) == 0)
        #expect(SearchPlan.observedMatches(10, walked: 2_000, of: left, sort: .priceAsc) == 0)
        #expect(SearchPlan.observedMatches(10, walked: 2_000, of: left, sort: .priceDesc) == 0)
    }

    @Test("newest first, the listings a walk has left past a place are those numbered below it; of one word's, its share of them")
    func listingsLeftPastAPlace() {
        let edge = SearchPlan.Position(seq: 600_000, price: nil)
        #expect(SearchPlan.listingsLeft(past: edge, share: nil) == 600_000)
        #expect(SearchPlan.listingsLeft(past: edge, share: 0.02) == 12_000)
    }

    @Test("a walk that met none where the estimate expected 10 or more stops trusting it; by price, or having met some, it does not")
    func walkContradictsTheEstimate() {
        let left = 958_000.0
        // q=notes priced 50–250 at 1M listings: 27k estimated, none met in the first 2,000.
        #expect(SearchPlan.walkContradicts(27_000, met: 0, walked: 2_000, of: left, sort: .relevance))
        #expect(SearchPlan.walkContradicts(27_000, met: 0, walked: 2_000, of: left, sort: .newest))
        #expect(!SearchPlan.walkContradicts(27_000, met: 1, walked: 2_000, of: left, sort: .newest))
        #expect(!SearchPlan.walkContradicts(4_000, met: 0, walked: 2_000, of: left, sort: .newest), "about 8 expected: not enough to tell")
        #expect(SearchPlan.walkContradicts(5_000, met: 0, walked: 2_000, of: left, sort: .newest), "about 10 expected")
        #expect(!SearchPlan.walkContradicts(27_000, met: 0, walked: 2_000, of: left, sort: .priceAsc))
        // Walking one word's listings, only its own are left: 2,700 expected among its 19,160, none in 250.
        #expect(SearchPlan.walkContradicts(2_700, met: 0, walked: 250, of: 19_160, sort: .newest))
        // q=systems in clothing by relevance: 2,653 expected among the word's 38,221 listings, none in its first 250 (17 expected).
        #expect(SearchPlan.walkContradicts(2_653, met: 0, walked: 250, of: 38_221, sort: .relevance))
        // q=math introduction: 1,427 estimated, none in the feed's first 2,000 of 998,001 (2.9
        // expected), then none in the first 250 of `introduction`'s 37,948 (9.4): together enough.
        let missed = SearchPlan.expectedMet(1_427, walked: 2_000, of: 998_001, sort: .newest)
        #expect(!SearchPlan.walkContradicts(1_427, met: 0, walked: 250, of: 37_948, sort: .newest))
        #expect(SearchPlan.walkContradicts(1_427, met: 0, walked: 250, of: 37_948, sort: .newest, missedBefore: missed))
        #expect(!SearchPlan.walkContradicts(1_427, met: 1, walked: 250, of: 37_948, sort: .newest, missedBefore: missed))
        #expect(SearchPlan.expectedMet(27_000, walked: 2_000, of: left, sort: .priceAsc) == 0)
    }

    @Test("a read by matches asks the index only for filters few listings meet, unless many matches are expected or it is by price")
    func broadFiltersLeftToTheRows() {
        let query = SearchCriteria(text: "desk", categories: [.furniture], offer: .buy, minPriceCents: 1_000, maxPriceCents: 20_000,
                                   condition: .good)
        let groups = SearchFacet.groups(of: query)
        #expect(groups.contains([.offer(.buy)]) && groups.contains((2...8).map(SearchFacet.priceBand)))
        #expect(SearchFacet.selective(groups) == [[.category(.furniture)], [.condition(.good)]])
        let narrow = SearchCriteria(text: "desk", categories: [.furniture, .notes], offer: .rent, minPriceCents: 1_000, maxPriceCents: 2_500)
        #expect(SearchFacet.selective(SearchFacet.groups(of: narrow)) == SearchFacet.groups(of: narrow))
        #expect(SearchFacet.selective([[.category(.textbooks), .category(.notes), .category(.furniture), .category(.toys)]]).isEmpty)

        #expect(!SearchPlan.asksBroadFacets(.relevance, expecting: 1_000))
        #expect(!SearchPlan.asksBroadFacets(.newest, expecting: SearchPlan.broadFacetMatches - 1))
        #expect(SearchPlan.asksBroadFacets(.relevance, expecting: SearchPlan.broadFacetMatches))
        #expect(SearchPlan.asksBroadFacets(.priceAsc, expecting: 10) && SearchPlan.asksBroadFacets(.priceDesc, expecting: 10))
    }

    @Test("a read by matches asks for a price range's bands only when they keep out more matches than their lists cost")
    func priceBandsWeighed() {
        let fiveBands = (1...5).map(SearchFacet.priceBand)
        let range = SearchCriteria(text: "transcendentals phys", minPriceCents: 500, maxPriceCents: 5_500)
        #expect(SearchFacet.groups(of: range) == [fiveBands])
        // By price, 258 expected in the five bands (none there): the bands' lists cost more than the rows.
        #expect(SearchPlan.facetsAsked([fiveBands], sort: .priceAsc, expecting: 258) == [])
        // q=monitor: 1,791 expected in them, about as many more kept out.
        #expect(SearchPlan.facetsAsked([fiveBands], sort: .priceAsc, expecting: 1_791) == [fiveBands])
        // Two bands keep out four times what they let in.
        let twoBands = [SearchFacet.priceBand(3), .priceBand(4)]
        #expect(SearchPlan.facetsAsked([twoBands], sort: .priceAsc, expecting: 120) == [twoBands])
        #expect(SearchPlan.facetsAsked([twoBands], sort: .priceAsc, expecting: 90) == [])
        // A category cuts the estimate, but the words may be where the category is: the bands stay.
        let electronics = [SearchFacet.category(.electronics)]
        #expect(SearchPlan.facetsAsked([electronics, fiveBands], sort: .priceAsc, expecting: 180) == [electronics, fiveBands])
        #expect(SearchPlan.facetsAsked([electronics, fiveBands], sort: .priceAsc, expecting: 40) == [electronics])
        // Newest first with few matches expected, a range over half the listings is left to the rows anyway.
        #expect(SearchPlan.facetsAsked([electronics, fiveBands], sort: .newest, expecting: 5_000) == [electronics])
        // More than half the bands are never asked for.
        #expect(SearchPlan.facetsAsked([(0...7).map(SearchFacet.priceBand)], sort: .priceAsc, expecting: 50_000) == [])
    }
}
