import MarketCore

/// SQLite's `category_fts` (`CreateCategorySearchIndex`): the full-text index again, each
/// listing once per category it is in and twice over: a row of its primary fields (title,
/// author, ISBN, course code) and a row of all its text. A row id is the listing's place in
/// its stretch, `stretch << 32 | seq`, the stretch numbered by category and kind, so a word's
/// listings in one category, for either relevance tier, are one range of row ids, read newest
/// first from the range's top.
///
/// Why: a word with one category asked the main index for the word and the category's word
/// together, and FTS5 stepped through both lists until they met; the first tier also checked
/// each listing's positions for the title fields. A common word a category never has was read
/// whole for an empty page: `q=used` in textbooks spent 37 ms in its first tier at 1M listings
/// (every textbook says "used" in its description, none in its title), 0.6 ms in this index.
enum CategorySearchIndex {
    /// `seq` is below 2^32 (`PricedSearchIndex.seqBits` too), so a stretch's row ids never meet the next's.
    static let seqBits: Int64 = 32
    static let seqMask: Int64 = (1 << seqBits) - 1

    /// Which of a listing's rows: its primary fields (the first relevance tier's), or all its text.
    enum Kind: Int64, CaseIterable {
        case primary = 0
        case all = 1
    }

    /// The stretch of `category`'s rows of `kind`.
    static func stretch(_ category: ListingCategory, _ kind: Kind) -> Int64 {
        Int64(ListingCategory.allCases.firstIndex(of: category)!) * 2 + kind.rawValue
    }

    /// The row ids of that stretch.
    static func keys(_ category: ListingCategory, _ kind: Kind) -> ClosedRange<Int64> {
        let first = stretch(category, kind) << seqBits
        return first...(first | seqMask)
    }

    /// The row id of listing `seq` in that stretch.
    static func key(_ category: ListingCategory, _ kind: Kind, seq: Int64) -> Int64 { stretch(category, kind) << seqBits | seq }

    /// The listing's `seq` from a row id of `table` (a name or alias of `category_fts`), as SQL.
    static func seq(_ table: String = "category_fts") -> String { "(\(table).rowid & \(seqMask))" }

    /// Every stretch with the category's bit, as SQL `VALUES` of (stretch, bit, kind): joined to a
    /// listing, the rows it has (`WHERE (category_mask & column2) != 0`).
    static var stretches: String {
        let rows = ListingCategory.allCases.flatMap { category in
            Kind.allCases.map { "(\(stretch(category, $0)), \(category.bit), \($0.rawValue))" }
        }
        return "(VALUES \(rows.joined(separator: ", ")))"
    }
}
