import Foundation

/// A search a student keeps, to hear of new listings that match it: the feed's own filters.
public struct SavedSearchQuery: Codable, Sendable, Equatable {
    public var q: String?
    public var category: ListingCategory?
    public var offer: OfferKind?
    public var condition: ListingCondition?
    public var minPriceCents: Int?
    public var maxPriceCents: Int?

    public init(q: String? = nil, category: ListingCategory? = nil, offer: OfferKind? = nil, condition: ListingCondition? = nil,
                minPriceCents: Int? = nil, maxPriceCents: Int? = nil) {
        self.q = q
        self.category = category
        self.offer = offer
        self.condition = condition
        self.minPriceCents = minPriceCents
        self.maxPriceCents = maxPriceCents
    }

    /// The words of `q` as the matching reads them: lower-case letters and digits, at most 8.
    public var words: [String] { Self.words(of: q ?? "") }

    /// The words of any text, read as the search reads `q`'s (the listing's, when matching).
    public static func words(of text: String, limit: Int = 8) -> [String] { SearchWords.of(text, limit: limit) }

    /// What is wrong with it, by field; empty when it can be saved.
    public func problems() -> FieldErrors {
        var errors: FieldErrors = [:]
        if let q, q.count > 100 { errors["query.q"] = "must be at most 100 characters" }
        for (field, value) in [("query.minPriceCents", minPriceCents), ("query.maxPriceCents", maxPriceCents)] {
            if let value, value < 0 || value > Money.maxMinorUnits { errors[field] = "must be between 0 and \(Money.maxMinorUnits)" }
        }
        if let low = minPriceCents, let high = maxPriceCents, low > high { errors["query.maxPriceCents"] = "must not be below minPriceCents" }
        if words.isEmpty, category == nil, offer == nil, condition == nil, minPriceCents == nil, maxPriceCents == nil {
            errors["query"] = "needs words or a filter: a search for everything would match every listing"
        }
        return errors
    }

    /// Whether a listing with these facts passes every filter. Its words are matched on the server,
    /// by the search box's own rule (stems, the last word typed in part as a prefix).
    public func matchesFilters(categories: [ListingCategory], condition listingCondition: ListingCondition,
                               salePriceCents: Int?, rentPriceCents: Int?, openToTrade: Bool) -> Bool {
        if let category, !categories.contains(category) { return false }
        if let condition, condition != listingCondition { return false }
        switch offer {
        case .buy?: if salePriceCents == nil { return false }
        case .rent?: if rentPriceCents == nil { return false }
        case .trade?: if !openToTrade { return false }
        case nil: break
        }
        let price = salePriceCents ?? rentPriceCents
        if let minPriceCents { guard let price, price >= minPriceCents else { return false } }
        if let maxPriceCents { guard let price, price <= maxPriceCents else { return false } }
        return true
    }
}
