import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Edit: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Change one of your listings: the options given replace those fields, the rest stays.",
        discussion: "Example: market edit 3f2c… --price 8 --no-trade")

    @Argument(help: "The listing's id.") var id: String
    @OptionGroup var fields: ListingOptions
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let listingID = try await context.id(id, .listing)
            guard !fields.isEmpty else { throw CommandFailure("Nothing to change: give the fields to change, e.g. --price 8 (see market edit --help).") }
            let current: Listing = try await context.client.send(ListingEndpoint.show(listingID))
            let input = try fields.applied(to: ListingInput(current))
            _ = try input.validated(defaultCurrency: current.currency).orThrow()
            let listing: Listing = try await context.client.send(ListingEndpoint.replace(listingID, input))
            context.output.show(listing) {
                context.output.say(context.output.green(("Saved." as Phrase).localized) + "\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}
