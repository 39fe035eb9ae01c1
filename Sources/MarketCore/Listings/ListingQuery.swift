import Foundation

/// The feed's and search's parameters as a client sends them to `GET /api/v1/listings`.
/// The server reads the same parameters and applies the same rules (`validated()`).
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

    /// The search with its text trimmed, or what is wrong with it (the server's own checks).
    public func validated() -> Result<ListingQuery, FieldErrorList> {
        var errors = FieldErrors()
        var search = self
        let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        search.text = trimmed.isEmpty ? nil : trimmed
        Self.checkText(trimmed, into: &errors)
        for (field, value) in [("minPriceCents", minPriceCents), ("maxPriceCents", maxPriceCents)] {
            if let value, !(0...Money.maxMinorUnits).contains(value) {
                errors.note(field, "must be from 0 to \(Money.maxMinorUnits)")
            }
        }
        Self.checkPriceRange(min: minPriceCents, max: maxPriceCents, into: &errors)
        Self.checkSort(sort, hasText: search.text != nil, into: &errors)
        guard errors.isEmpty else { return .failure(FieldErrorList(errors)) }
        return .success(search)
    }

    public static func checkText(_ text: String, into errors: inout FieldErrors) {
        if text.count > maxTextLength { errors.note("q", "must be at most \(maxTextLength) characters") }
    }

    public static func checkPriceRange(min: Int?, max: Int?, into errors: inout FieldErrors) {
        if let min, let max, min > max { errors.note("maxPriceCents", "must be at least minPriceCents") }
    }

    public static func checkSort(_ sort: ListingSort?, hasText: Bool, into errors: inout FieldErrors) {
        if sort == .relevance, !hasText { errors.note("sort", "relevance needs a search query q") }
    }
}

/// Which page of a list to fetch: at most `limit` items (the server's default when nil),
/// after `cursor` (a previous page's `nextCursor`).
public struct PageRequest: Sendable, Equatable {
    public var limit: Int?
    public var cursor: String?

    public init(limit: Int? = nil, cursor: String? = nil) {
        self.limit = limit
        self.cursor = cursor
    }

    public static let first = PageRequest()
}
