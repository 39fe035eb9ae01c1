import Foundation
import MarketCore
import SQLKit

/// The feed's and search's parameters as the search runs them: text tokenised, categories as
/// a mask, the cursor decoded (`ListingQuery` in MarketCore is what a client sends). The API
/// and web controllers read them from a URL query; code that searches for itself uses `init`.
struct SearchCriteria: Sendable {
    var text: SearchText?
    var categoryMask: Int64?
    var offer: OfferKind?
    var minPriceCents: Int?
    var maxPriceCents: Int?
    var condition: ListingCondition?
    var sellerID: UUID?
    /// The campus filter the search runs with (`TrustPolicy.campusFilter` resolves it).
    var campus: String?
    /// `campus` as asked: absent (the viewer's own campus), `all`, or a campus id.
    var campusAsked: String?
    var status: ListingStatus = .active
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

    /// `sort` defaults to relevance for a text search and newest first otherwise.
    init(text: String? = nil, categories: [ListingCategory] = [], offer: OfferKind? = nil,
         minPriceCents: Int? = nil, maxPriceCents: Int? = nil, condition: ListingCondition? = nil,
         sellerID: UUID? = nil, campus: String? = nil, status: ListingStatus = .active,
         sort: ListingSort? = nil, limit: Int = QueryReader.defaultLimit, cursor: ListingCursor? = nil) {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        self.text = trimmed.isEmpty ? nil : SearchText(trimmed)
        self.categoryMask = categories.isEmpty ? nil : ListingCategory.mask(categories)
        self.offer = offer
        self.minPriceCents = minPriceCents
        self.maxPriceCents = maxPriceCents
        self.condition = condition
        self.sellerID = sellerID
        self.campus = campus
        self.status = status
        self.sort = sort ?? (self.text == nil ? .newest : .relevance)
        self.limit = limit
        self.cursor = cursor
    }
}

extension SearchCriteria {
    /// Reads `q`, `category`, `offer`, `minPriceCents`, `maxPriceCents`, `condition`, `seller`,
    /// `campus`, `status`, `sort`, `limit` and `cursor`; every bad parameter is named in one 422.
    init(reading query: inout QueryReader) throws {
        var text = query.string("q")?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let typed = text, typed.count > ListingQuery.maxTextLength {
            ListingQuery.checkText(typed, into: &query.errors)
            text = nil
        }
        let categories = query.list("category", of: ListingCategory.self)
        let sort: ListingSort? = query.choice("sort")
        self.init(text: text, categories: categories,
                  offer: query.choice("offer"),
                  minPriceCents: query.integer("minPriceCents", in: 0...Money.maxMinorUnits),
                  maxPriceCents: query.integer("maxPriceCents", in: 0...Money.maxMinorUnits),
                  condition: query.choice("condition"), sellerID: query.uuid("seller"),
                  campus: nil,
                  status: query.choice("status") ?? .active, sort: sort, limit: query.limit(),
                  cursor: query.token("cursor", as: ListingCursor.self))
        campusAsked = query.string("campus").flatMap { $0.isEmpty ? nil : $0 }
        ListingQuery.checkPriceRange(min: minPriceCents, max: maxPriceCents, into: &query.errors)
        ListingQuery.checkSort(sort, hasText: self.text != nil, into: &query.errors)
        try query.check()
    }
}

extension SearchCriteria {
    /// The same search over every price.
    var withoutPriceRange: SearchCriteria {
        var unpriced = self
        (unpriced.minPriceCents, unpriced.maxPriceCents) = (nil, nil)
        return unpriced
    }
}
