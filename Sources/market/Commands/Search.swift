import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Search the listings (newest first without words).")

    @Argument(help: "Words to look for.")
    var words: [String] = []
    @OptionGroup var filters: QueryOptions
    @Option(help: "How many to show (1–100).") var limit: Int = 20
    @Option(help: "The cursor a previous page printed.") var cursor: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let query = try filters.query(words: words, page: PageRequest(limit: limit, cursor: cursor))
            let page: ListingPage = try await context.client.send(ListingEndpoint.search(try query.validated().orThrow()))
            context.output.list(page, page.items, empty: "No listings match.", columns: ["ID", "TITLE", "OFFERS", "CONDITION", "SELLER"]) {
                [IDPrefix.short($0.id), Format.short(($0.isFeatured ? "★ " : "") + $0.title), Format.offers($0), $0.condition.rawValue, $0.seller.name]
            } footer: {
                page.nextCursor.map { [context.output.dim("More: --cursor \($0)")] } ?? []
            }
        }
    }
}
