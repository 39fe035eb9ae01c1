import Foundation
import MarketCore

/// A PostgreSQL walk window that came up short: how wide the next one grows, how many matches
/// are left past it (PostgreSQL's estimate against what the walk met), and when the walk gives
/// way to a word's own listings or to reading the rest by its matches (`ListingSearch.page`).
extension SearchPlan {
    /// The next window after one that held `hits` of the `asked` matches: sized by the rate it
    /// found them, or four times as wide when it found none.
    static func widened(_ size: Int, hits: Int, asked: Int) -> Int {
        hits == 0 ? size * 4 : size / hits * asked * 3 / 2
    }

    /// The matches left to read past a window: the larger of PostgreSQL's estimate and what the
    /// walk's own windows met (`observedMatches`).
    static func matchesLeft(estimate: Int, met: Int, walked: Int, of listings: Double, sort: ListingSort) -> Int {
        max(estimate, observedMatches(met, walked: walked, of: listings, sort: sort))
    }

    /// Whether to weigh a walk of a word's own listings: once per page, when many matches are left.
    func weighsWords(left: Int, weighedAlready: Bool) -> Bool {
        !weighedAlready && left >= wordsWalkMatches
    }

    /// Whether the rest of the segment is read by its matches instead of another window of
    /// `size`: the walk contradicts the estimate, or the window would pass the walk's reach.
    /// `missedBefore`: what the segment's walk newest first expected and did not meet before it
    /// turned to a word's own listings (`walkContradicts`).
    func readsRestByMatches(estimate: Int, left: Int, met: Int, walked: Int, of listings: Double, size: Int,
                            sort: ListingSort, byTerms: Bool, missedBefore: Double = 0) -> Bool {
        Self.walkContradicts(estimate, met: met, walked: walked, of: listings, sort: sort, missedBefore: missedBefore)
            || size > walkReach(left, sort: sort, byTerms: byTerms) - walked
    }

    /// How far a PostgreSQL text search walks before reading `matches` by the text index would
    /// cost less. Measured at 1M listings: a match read through the text index costs about
    /// 2.2 µs; a listing walked newest first 0.7 µs (the table is in that order), by price
    /// 5–10 µs (each a jump in the table). So three listings per match newest first, and one per
    /// two matches by price. A word's own listings (`byTerms`) are each a jump too, but each may
    /// match, and reading by matches reads them all: one per match, and at least their first
    /// window (a common word with a rare one, `q=hard lamp`, walked a second window of `hard`'s
    /// listings, 3 ms at 1M, before reading the matches of both in 1.3 ms).
    func walkReach(_ matches: Int, sort: ListingSort, byTerms: Bool) -> Int {
        byTerms ? max(termWindow, matches) : max(walkWindow, sort.isByPrice ? matches / 2 : matches * 3)
    }

    /// What the walk's own windows say is left to match: the rate they met matches at, times the
    /// `listings` left (`listingsLeft`). PostgreSQL's estimate takes words and filters as
    /// independent, and they often meet more than that (`q=calculus&category=textbooks` with a
    /// price range: 1,239 estimated, 5,308 there), so a walk that was finding matches switched to
    /// reading thousands of them (20 → 55 ms at 1M). By price the listings left are not counted,
    /// and 0 leaves the reach to the estimate.
    static func observedMatches(_ met: Int, walked: Int, of listings: Double, sort: ListingSort) -> Int {
        guard !sort.isByPrice, met > 0, walked > 0 else { return 0 }
        return Int(Double(met) / Double(walked) * listings)
    }

    /// About how many listings a walk newest first has left past `edge`: counted for free, as
    /// listings are numbered in order (a deleted one only makes the count high); of a word's own
    /// listings, that word's `share` of them.
    static func listingsLeft(past edge: Position, share: Double?) -> Double {
        Double(edge.seq) * (share ?? 1)
    }

    /// Whether the walk so far contradicts PostgreSQL's estimate of the matches left: newest first,
    /// it met none where the estimate, spread over the listings left, expected `contradiction`
    /// or more. The estimate takes words and filters as independent; a common word with a price
    /// range its listings seldom fall in (`q=notes` priced 50–250 at 1M listings: 27k estimated,
    /// none there) walked 42k listings a tier before reading by matches. By price the listings
    /// left are not counted (`observedMatches`), and the reach alone decides.
    ///
    /// `missedBefore`: the matches the segment's walk of every listing newest first expected in
    /// its windows and met none of, before it turned to a word's own listings, which go on past
    /// those windows: the same evidence, so it adds up. `q=math introduction` (two words in 38k
    /// listings each, never together; 1,427 estimated) met none in the feed's first 2,000 (2.9
    /// expected) and none in `introduction`'s first 250 (9.4), then walked 1,000 more of its
    /// listings for nothing (8.9 of the page's 25 ms at 1M listings) before reading by matches.
    static func walkContradicts(_ estimate: Int, met: Int, walked: Int, of listings: Double, sort: ListingSort,
                                missedBefore: Double = 0) -> Bool {
        guard met == 0 else { return false }
        return expectedMet(estimate, walked: walked, of: listings, sort: sort) + missedBefore >= contradiction
    }

    /// How many matches a walk newest first was expected to meet in `walked` of the `listings`
    /// left, were the `estimate` of matches left spread evenly over them; 0 by price, where the
    /// listings left are not counted.
    static func expectedMet(_ estimate: Int, walked: Int, of listings: Double, sort: ListingSort) -> Double {
        guard !sort.isByPrice, listings > 0 else { return 0 }
        return Double(estimate) * Double(walked) / listings
    }
}
