import ArgumentParser
import MarketCore

/// The feed's filters and sort as options, shared by `market search` and `market saved-searches
/// save`: both build one `ListingQuery` from them, and its own rules check it.
struct QueryOptions: ParsableArguments {
    @Option(help: "Only this category (repeat for several).") var category: [ListingCategory] = []
    @Option(help: "buy, rent or trade.") var offer: OfferKind?
    @Option(help: "Only this condition.") var condition: ListingCondition?
    @Option(name: .customLong("min-price"), help: "Lowest price, e.g. 5 or 12.50.") var minPrice: String?
    @Option(name: .customLong("max-price"), help: "Highest price.") var maxPrice: String?
    @Option(help: "relevance, newest, price_asc or price_desc.") var sort: ListingSort?

    /// The query of these options and `words`.
    func query(words: [String], page: PageRequest = .first) throws -> ListingQuery {
        let text = words.joined(separator: " ")
        return ListingQuery(text: text.isEmpty ? nil : text, categories: category, offer: offer,
                            minPriceCents: try Parse.amount(minPrice, option: "--min-price"),
                            maxPriceCents: try Parse.amount(maxPrice, option: "--max-price"),
                            condition: condition, sort: sort, page: page)
    }
}
