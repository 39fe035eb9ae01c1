import MarketCore

/// A filter the full-text index also holds as a word of its own: a listing's categories, its
/// condition and the ways it is offered.
///
/// Why: a text search with filters finds its matches either by walking listings in page order
/// and checking each, or by reading every match of its words and checking the filters. When a
/// common word rarely meets its filters, both read tens of thousands of listings for a page
/// (`q=wooden&category=textbooks`: 90k listings say "wooden", none of them a textbook; 436 ms
/// at 1M listings on PostgreSQL). With the filters in the index, the index intersects the
/// word's listings with the category's itself and only the listings that meet both are read.
///
/// The words are spelled so that nothing a person types can match them: typed words are
/// letters and digits only (`SearchText`).
enum SearchFacet: Hashable {
    case category(ListingCategory)
    case condition(ListingCondition)
    case offer(OfferKind)

    /// PostgreSQL's lexeme, in `search_vector`. It starts with `~`, so no typed word, nor a
    /// typed prefix (`cat:*`), can match it.
    var lexeme: String { "~\(kind):\(value)" }

    /// SQLite's FTS5 token, in the `search_facets` column. FTS5 splits words at anything but
    /// letters and digits, so it is letters only; typed words are searched in the text columns
    /// only. It starts with `qx` because the 2- and 3-character prefix indexes hold every
    /// column's words: a common start (`ca`) would put every listing under a prefix people type.
    var token: String { "qx\(kind)\(value.filter(\.isLetter))" }

    /// When a listing row has this facet, as SQL both databases read.
    var rowCondition: String {
        switch self {
        case .category(let category): "(category_mask & \(category.bit)) != 0"
        case .condition(let condition): "condition = '\(condition.rawValue)'"
        case .offer(.buy): "sale_price_cents IS NOT NULL"
        case .offer(.rent): "rent_price_cents IS NOT NULL"
        case .offer(.trade): "open_to_trade"
        }
    }

    /// The columns the facets are computed from: a change to one re-indexes the listing.
    static let sourceColumns = ["category_mask", "condition", "sale_price_cents", "rent_price_cents", "open_to_trade"]

    private var kind: String {
        switch self {
        case .category: "category"
        case .condition: "condition"
        case .offer: "offer"
        }
    }

    private var value: String {
        switch self {
        case .category(let category): category.rawValue
        case .condition(let condition): condition.rawValue
        case .offer(let offer): offer.rawValue
        }
    }

    /// The facets a search filters by: every group must match, each by any one of its facets
    /// (a search in two categories finds a listing in either).
    static func groups(of query: SearchCriteria) -> [[SearchFacet]] {
        var groups: [[SearchFacet]] = []
        if let mask = query.categoryMask { groups.append(ListingCategory.from(mask: mask).map(Self.category)) }
        if let condition = query.condition { groups.append([.condition(condition)]) }
        if let offer = query.offer { groups.append([.offer(offer)]) }
        return groups.filter { !$0.isEmpty }
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
