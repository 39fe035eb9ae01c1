import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "One listing in full.")

    @Argument(help: "The listing's id.") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let listing: Listing = try await context.client.send(ListingEndpoint.show(try await context.id(id, .listing)))
            context.output.show(listing) { ListingPrinter(output: context.output, server: context.server).print(listing) }
        }
    }
}
