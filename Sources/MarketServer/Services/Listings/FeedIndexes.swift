import MarketCore
import SQLKit

/// The two indexes the feed walks — newest first and by price — over all listings, or over the
/// listings of one category.
///
/// Why one pair per category: a category is a bit of `category_mask`, which no ordinary index can
/// seek, so browsing one category walked the whole feed's index and skipped the other categories'
/// rows. When the category's listings sit at the far end of the sort (furniture is dear, so
/// `price_desc` met every dearer listing first), that walk read most of the table: 222 ms at 1M
/// listings. A partial index holds only the category's listings, so a page costs one page of
/// index entries under every sort. A listing is in one or two categories, so the pairs together
/// are about the size of the feed's own two indexes.
///
/// The indexes are created by `CreateCategoryIndexes` (and on PostgreSQL, a search's walk index,
/// by `CreateCategoryWalkIndexes`); a new category needs a migration that creates them
/// (`FeedIndexesTests` fails until it has one).
struct FeedIndexes: Equatable {
    let byAge: String
    let byPrice: String

    /// PostgreSQL: one category's active listings by `seq` alone (`CreateCategoryWalkIndexes`),
    /// for a text search's walk window newest first. nil for the whole feed, whose walk is the
    /// primary key's.
    let activeBySeq: String?

    static let all = FeedIndexes(byAge: "ix_listings_status_seq", byPrice: "ix_listings_status_price", activeBySeq: nil)

    static func category(_ category: ListingCategory) -> FeedIndexes {
        let prefix = "ix_listings_\(category.rawValue)"
        return FeedIndexes(byAge: prefix + "_seq", byPrice: prefix + "_price", activeBySeq: prefix + "_active")
    }

    /// The pair for a search filtered by `mask`: one category's own, else the whole feed's (a
    /// listing in any of several categories is in no single partial index).
    init(categoryMask mask: Int64?) {
        if let category = ListingCategory.only(in: mask) {
            self = Self.category(category)
        } else {
            self = Self.all
        }
    }

    private init(byAge: String, byPrice: String, activeBySeq: String?) {
        (self.byAge, self.byPrice, self.activeBySeq) = (byAge, byPrice, activeBySeq)
    }

    /// `(column & mask) != 0`, the filter for listings in any category of `mask`. Both databases
    /// use a partial index only when the query states its condition with the same constant, so
    /// the mask is written as a literal (it is built from the enum, never from text) and index
    /// and query share this one spelling.
    static func categoryCondition(_ mask: Int64, column: String = "category_mask") -> SQLQueryString {
        "(\(unsafeRaw: column) & \(literal: mask)) != 0"
    }
}

extension ListingCategory {
    /// The one category `mask` names, when it names exactly one (nil: none, several, or no mask).
    static func only(in mask: Int64?) -> ListingCategory? {
        guard let mask, mask.nonzeroBitCount == 1 else { return nil }
        return from(mask: mask).first
    }
}
