import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Search the listings (newest first without words).")

    @Argument(help: "Words to look for.")
    var words: [String] = []
    @Option(help: "Only this category (repeat for several).") var category: [ListingCategory] = []
    @Option(help: "buy, rent or trade.") var offer: OfferKind?
    @Option(name: .customLong("min-price"), help: "Lowest price, e.g. 5 or 12.50.") var minPrice: String?
    @Option(name: .customLong("max-price"), help: "Highest price.") var maxPrice: String?
    @Option(help: "relevance, newest, price_asc or price_desc.") var sort: ListingSort?
    @Option(help: "How many to show (1–100).") var limit: Int = 20
    @Option(help: "The cursor a previous page printed.") var cursor: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let query = ListingQuery(text: words.joined(separator: " "), categories: category, offer: offer,
                                     minPriceCents: try Parse.amount(minPrice, option: "--min-price"),
                                     maxPriceCents: try Parse.amount(maxPrice, option: "--max-price"),
                                     sort: sort, page: PageRequest(limit: limit, cursor: cursor))
            let page: ListingPage = try await context.client.send(ListingEndpoint.search(try query.validated().orThrow()))
            context.output.list(page, page.items, empty: "No listings match.", columns: ["ID", "TITLE", "OFFERS", "CONDITION", "SELLER"]) {
                [IDPrefix.short($0.id), Format.short(($0.isFeatured ? "★ " : "") + $0.title), Format.offers($0), $0.condition.rawValue, $0.seller.name]
            } footer: {
                page.nextCursor.map { [context.output.dim("More: --cursor \($0)")] } ?? []
            }
        }
    }
}
