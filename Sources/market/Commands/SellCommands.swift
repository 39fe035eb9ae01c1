import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Sell: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List something: asks for each field step by step, or takes them all as options.",
        discussion: "Example: market sell --title \"Desk lamp\" --category furniture --condition good --price 9")

    @OptionGroup var fields: ListingOptions
    @Option(help: "A photo to upload once listed (repeat for several).") var photo: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var input = try fields.applied(to: ListingInput(title: nil, categories: nil, condition: nil))
            if Prompt.isInteractive, !context.output.json {
                input = try ListingQuestions(output: context.output).ask(filling: input)
            }
            _ = try input.validated(defaultCurrency: "USD").orThrow()
            var listing: Listing = try await context.client.send(ListingEndpoint.create(input))
            for path in photo {
                let photo = try await PhotoCommand.Add.upload(path, to: listing.id, context: context)
                listing.photos.append(photo)
            }
            context.output.show(listing) {
                context.output.say(context.output.green("Listed.") + " Others can find it now.\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}

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
                context.output.say(context.output.green("Saved.") + "\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}

extension ListingInput {
    /// The listing as its own full replacement.
    init(_ listing: Listing) {
        self.init(title: listing.title, description: listing.description, categories: listing.categories.map(\.rawValue),
                  condition: listing.condition.rawValue, salePriceCents: listing.salePriceCents,
                  rentPriceCents: listing.rentPriceCents, rentUnit: listing.rentUnit?.rawValue,
                  openToTrade: listing.openToTrade, currency: listing.currency, textbook: listing.textbook,
                  depositCents: listing.depositCents)
    }
}
