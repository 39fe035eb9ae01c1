import Foundation

/// A query kept as a saved search, to hear of new listings that match it.
extension ListingQuery {
    /// The words a saved search matches by, as the search box reads them: at most 8.
    public var words: [String] { SearchWords.of(text ?? "", limit: 8) }

    /// The query as a saved search keeps it: its words trimmed, from the first page.
    public var asSavedSearch: ListingQuery {
        var kept = self
        kept.text = trimmedText
        kept.page = .first
        return kept
    }

    /// What is wrong with it as a saved search, by field under `query.`: the query's own rules,
    /// and it must hear of listings on the market and narrow the feed.
    public func problemsAsSavedSearch() -> FieldErrors {
        var errors = FieldErrors()
        for (field, problem) in problems() { errors["query." + field] = problem }
        if let status, status != .active { errors.note("query.status", "must be active: a saved search hears of listings on the market") }
        if words.isEmpty, !hasFilters {
            errors.note("query", "needs words or a filter: a search for everything would match every listing")
        }
        return errors
    }

    /// Whether a listing with these facts passes every filter. Its words are matched on the server,
    /// by the search box's own rule (stems, the last word typed in part as a prefix). A saved
    /// search names a campus to hear of that campus's listings only; without one it hears of
    /// every listing its owner may see.
    public func matchesFilters(categories listingCategories: [ListingCategory], condition listingCondition: ListingCondition,
                               salePriceCents: Int?, rentPriceCents: Int?, openToTrade: Bool,
                               seller listingSeller: UUID, campus listingCampus: String?) -> Bool {
        if !categories.isEmpty, !categories.contains(where: listingCategories.contains) { return false }
        if let condition, condition != listingCondition { return false }
        if let seller, seller != listingSeller { return false }
        if let campus, campus != "all", campus != listingCampus { return false }
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
