import Foundation
import MarketCore
import SQLKit

/// A `ListingQuery` compiled for the search to run: its words tokenised, its categories as a
/// mask, its cursor decoded, its sort and page size settled, its campus resolved for the viewer
/// (`DomainServices.searchPage`), and what the viewer's blocks and campus leave out. The filters
/// are the query's own (`query`), read through here.
struct SearchCriteria: Sendable {
    /// The query as asked, its words trimmed.
    private(set) var query: ListingQuery
    var text: SearchText?
    var categoryMask: Int64?
    var offer: OfferKind? { query.offer }
    var minPriceCents: Int? { query.minPriceCents }
    var maxPriceCents: Int? { query.maxPriceCents }
    var condition: ListingCondition? { query.condition }
    var sellerID: UUID? { query.seller }
    /// `campus` as asked: absent (the viewer's own campus), `all`, or a campus id.
    var campusAsked: String? { query.campus }
    var status: ListingStatus { query.status ?? .active }
    /// The campus filter the search runs with (`TrustPolicy.campusFilter` resolves it).
    var campus: String?
    var sort: ListingSort
    var limit: Int
    var cursor: ListingCursor?
    /// Sellers the viewer blocked: their listings leave the viewer's feed.
    var excludedSellers: [UUID] = []
    /// Which listings shown only on their campus it lists (`ListingVisibility.campusOnlyListings`).
    var campusOnlyListings: CampusOnlyListings = .all

    enum CampusOnlyListings: Sendable, Equatable {
        case all
        /// Those of this campus.
        case of(String)
        case none

        /// The condition on listings `l` that keeps the others out; nil when none is needed.
        func condition(filteredTo campusFilter: String?) -> SQLQueryString? {
            switch self {
            case .all: return nil
            case .of(let campus) where campus == campusFilter: return nil  // the campus filter says it already
            case .of(let campus): return "(l.campus_only = \(bind: false) OR l.campus = \(bind: campus))"
            case .none: return "l.campus_only = \(bind: false)"
            }
        }
    }

    /// `sort` defaults to relevance for a text search and newest first otherwise; the page size
    /// to `QueryReader.defaultLimit`.
    init(_ query: ListingQuery, cursor: ListingCursor? = nil) {
        var query = query
        query.text = query.trimmedText
        self.query = query
        text = query.text.map(SearchText.init)
        categoryMask = query.categories.isEmpty ? nil : ListingCategory.mask(query.categories)
        sort = query.sort ?? (text == nil ? .newest : .relevance)
        limit = query.page.limit ?? QueryReader.defaultLimit
        self.cursor = cursor
    }

    /// A search the server runs for itself (a seller's listings, a course's books); `campus` is
    /// the campus filter itself, not one to resolve.
    init(text: String? = nil, categories: [ListingCategory] = [], offer: OfferKind? = nil,
         minPriceCents: Int? = nil, maxPriceCents: Int? = nil, condition: ListingCondition? = nil,
         sellerID: UUID? = nil, campus: String? = nil, status: ListingStatus = .active,
         sort: ListingSort? = nil, limit: Int = QueryReader.defaultLimit, cursor: ListingCursor? = nil) {
        self.init(ListingQuery(text: text, categories: categories, offer: offer, minPriceCents: minPriceCents, maxPriceCents: maxPriceCents,
                               condition: condition, seller: sellerID, status: status, sort: sort, page: PageRequest(limit: limit)),
                  cursor: cursor)
        self.campus = campus
    }
}

extension SearchCriteria {
    /// Reads `GET /api/v1/listings`' parameters (`ListingQuery(reading:)`) and its cursor; every
    /// bad parameter, and every rule the query breaks, is named in one 422.
    init(reading reader: inout QueryReader) throws {
        let query = ListingQuery(reading: &reader.parameters)
        for (field, problem) in query.problems() { reader.errors.note(field, problem) }
        let cursor = reader.token("cursor", as: ListingCursor.self)
        try reader.check()
        self.init(query, cursor: cursor)
    }
}

extension SearchCriteria {
    /// The same search over every price.
    var withoutPriceRange: SearchCriteria {
        var unpriced = self
        (unpriced.query.minPriceCents, unpriced.query.maxPriceCents) = (nil, nil)
        return unpriced
    }
}
