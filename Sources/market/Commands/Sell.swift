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
                context.output.say(context.output.green(("Listed." as Phrase).localized) + " " + ("Others can find it now." as Phrase).localized + "\n")
                ListingPrinter(output: context.output, server: context.server).print(listing)
            }
        }
    }
}
