import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Offer: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Offer your listings (and cash) in trade for a listing.")

    @Argument(help: "The listing you want.") var id: String
    @Option(help: "One of your listings to give (repeat for several).") var give: [String] = []
    @Option(help: "Cash on top, e.g. 10.") var cash: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var offered: [UUID] = []
            for text in give { offered.append(try await context.id(text, .listing)) }
            let request = TradeOfferRequest(offeredListingIds: offered,
                                            cashTopUpCents: try Parse.amount(cash, option: "--cash"))
            _ = try request.validated().orThrow()
            let offer: TradeOffer = try await context.client.send(TradeOfferEndpoint.offer(listing: try await context.id(id, .listing), request))
            context.output.show(offer) {
                let items = offer.offeredListings.map(\.title).joined(separator: ", ")
                let cash = offer.cashTopUpCents > 0 ? " + \(Format.money(offer.cashTopUpCents, offer.currency))" : ""
                context.output.say(context.output.green(("Offer sent." as Phrase).localized) + " " + ("\(items)\(cash) for \(offer.listingTitle); the seller decides." as Phrase).localized)
                context.output.say(context.output.dim("Offer \(offer.id.wireString)"))
            }
        }
    }
}
