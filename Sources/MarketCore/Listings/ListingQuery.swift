import Foundation

/// What the feed shows: its words, filters, sort and page. One type for every front end: the
/// API reads it from `GET /api/v1/listings`' parameters and the web feed from its address (both
/// through `init(reading:)`), the SDK and the CLI send it (`queryItems`), and a saved search is
/// one, kept as JSON under the same names (`Codable`). Its rules are `problems()`, each stated
/// here once.
public struct ListingQuery: Sendable, Equatable {
    /// Words to search for; the last one also matches as a prefix (`calc` finds "Calculus").
    public var text: String?
    /// Any of these categories matches.
    public var categories: [ListingCategory]
    public var offer: OfferKind?
    public var minPriceCents: Int?
    public var maxPriceCents: Int?
    public var condition: ListingCondition?
    /// Only this seller's listings.
    public var seller: UUID?
    /// nil: the viewer's own campus (every campus for a saved search, or on an open board);
    /// `all`; or a campus id.
    public var campus: String?
    /// `active` (the server's default) or, for one's own listings, any other status.
    public var status: ListingStatus?
    /// nil: relevance for a text search, newest first otherwise.
    public var sort: ListingSort?
    public var page: PageRequest

    public init(text: String? = nil, categories: [ListingCategory] = [], offer: OfferKind? = nil,
                minPriceCents: Int? = nil, maxPriceCents: Int? = nil, condition: ListingCondition? = nil,
                seller: UUID? = nil, campus: String? = nil, status: ListingStatus? = nil,
                sort: ListingSort? = nil, page: PageRequest = .first) {
        self.text = text
        self.categories = categories
        self.offer = offer
        self.minPriceCents = minPriceCents
        self.maxPriceCents = maxPriceCents
        self.condition = condition
        self.seller = seller
        self.campus = campus
        self.status = status
        self.sort = sort
        self.page = page
    }

    public static let maxTextLength = 200
    public static let priceRange = 0...Money.maxMinorUnits

    /// The words, trimmed; nil when there are none.
    public var trimmedText: String? {
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return trimmed.isEmpty ? nil : trimmed
    }

    /// Whether it narrows the feed by more than its words (the campus, the page and the sort aside).
    public var hasFilters: Bool {
        !categories.isEmpty || offer != nil || condition != nil || minPriceCents != nil || maxPriceCents != nil || seller != nil
    }

    /// What is wrong with it, by parameter name; empty when the server runs it as it is.
    public func problems() -> FieldErrors {
        var errors = FieldErrors()
        if let text = trimmedText, text.count > Self.maxTextLength { errors.note("q", "must be at most \(Self.maxTextLength) characters") }
        for (field, value) in [("minPriceCents", minPriceCents), ("maxPriceCents", maxPriceCents)] {
            if let value, !Self.priceRange.contains(value) { errors.note(field, QueryParameters.outOfRange(Self.priceRange)) }
        }
        if let low = minPriceCents, let high = maxPriceCents, low > high { errors.note("maxPriceCents", "must not be below the lowest price") }
        if sort == .relevance, trimmedText == nil { errors.note("sort", "relevance needs words to search for (q)") }
        if let limit = page.limit, !(1...PageRequest.maxLimit).contains(limit) { errors.note("limit", QueryParameters.outOfRange(1...PageRequest.maxLimit)) }
        return errors
    }

    /// The query with its words trimmed, or what is wrong with it (the server's own checks).
    public func validated() -> Result<ListingQuery, FieldErrorList> {
        let errors = problems()
        guard errors.isEmpty else { return .failure(FieldErrorList(errors)) }
        var query = self
        query.text = trimmedText
        return .success(query)
    }
}
