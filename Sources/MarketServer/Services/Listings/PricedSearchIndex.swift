import MarketCore

/// SQLite's `priced_fts` (`CreatePricedSearchIndex`): the full-text index with each listing's
/// row id its place in price order.
enum PricedSearchIndex {
    /// Prices are at most `Money.maxMinorUnits` (< 2^27) and `seq` below 2^32, so the key fits
    /// in 59 bits and orders as (price, seq) does.
    static let seqBits: Int64 = 32

    /// The row id of a listing priced `price` with `seq`.
    static func key(price: Int64, seq: Int64) -> Int64 { price << seqBits | seq }

    /// The row ids of the listings priced from `lowest` to `highest` (either nil: unbounded).
    static func keys(from lowest: Int?, to highest: Int?) -> ClosedRange<Int64> {
        key(price: Int64(lowest ?? 0), seq: 0)...key(price: Int64(highest ?? Money.maxMinorUnits), seq: (Int64(1) << seqBits) - 1)
    }

    /// The same, as SQL over the columns of `row`.
    static func key(row: String) -> String { "(\(row).sort_price_cents << \(seqBits) | \(row).seq)" }

    /// The listing's `seq` from a row id, as SQL over `priced_fts.rowid`.
    static let seq = "(priced_fts.rowid & \((Int64(1) << seqBits) - 1))"
}
