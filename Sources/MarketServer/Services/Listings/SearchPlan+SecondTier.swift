import Foundation

/// By relevance, when PostgreSQL reads the second tier (listings matching only through their
/// description) with the first tier's rest, whole by its matches, rather than walking it from the
/// newest listing in windows of its own.
extension SearchPlan {
    /// The segment after `index` when `index` is the first relevance tier of listings not featured
    /// and the next is the second: read from its top, the second may ride with the first's rest
    /// (`followingTierMatches`).
    static func followingTier(_ segments: [Segment], after index: Int) -> Int? {
        let next = index + 1
        guard next < segments.count, segments[index].featured != true, segments[index].tier == .primary,
              segments[next].featured == segments[index].featured, segments[next].tier == .secondary else { return nil }
        return next
    }

    /// Whether the second tier, expected to hold `estimate` matches, is read whole by them with the
    /// first tier's rest, which is expected to hold `firstTierLeft` of the `wanted` the page still
    /// needs. When that rest should fill the page, the second's rows would all be cut, and it
    /// rides only if it costs less than the round trip it saves when the first tier's estimate was
    /// high (`ridingMatches`). `q=white chai` at 1M listings read the second tier's 702 matches (2.7
    /// ms of a 4.5 ms statement; 498 expected) beside the first tier's rest, 300 matches for a page
    /// of 21; `q=desk lam` expected 101 in the first tier's rest, found fewer than 21, and its
    /// second tier (101 expected) then took a round trip of its own.
    func readsFollowingTierWhole(estimate: Int, firstTierLeft: Int, wanted: Int) -> Bool {
        readsSecondTierWhole(estimate: estimate) && (firstTierLeft < wanted || estimate <= ridingMatches)
    }

    /// Whether the second tier, expected to hold `estimate` matches, is read whole by them when
    /// its turn comes (the first tier's rest, expected to fill the page, did not): its window
    /// walked the newest listings again for a few (`q=desk lam` at 1M listings: 0.9 ms, then its
    /// rest by matches, 0.6).
    func readsSecondTierWhole(estimate: Int) -> Bool {
        estimate <= followingTierMatches
    }
}
