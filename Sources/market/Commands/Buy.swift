import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Buy: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Buy a listing, to pick up or delivered to a campus zone.")

    @Argument(help: "The listing's id.") var id: String
    @Option(help: ArgumentHelp("Deliver to this campus zone (a quote is asked first).", valueName: "zone")) var delivery: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let listingID = try await context.id(id, .listing)
            var request = PurchaseRequest(fulfillment: Fulfillment.pickup.rawValue)
            if let zone = delivery {
                let quote: DeliveryQuote = try await context.client.send(DeliveryQuoteEndpoint.create(
                    DeliveryQuoteRequest(listingId: listingID, dropoff: zone)))
                context.output.tell("Delivery to \(quote.dropoff): \(Format.money(quote.fee, quote.currency)), about \(quote.durationMinutes) min.")
                request = PurchaseRequest(fulfillment: Fulfillment.delivery.rawValue, quoteId: quote.id)
            }
            let order: Order = try await context.client.send(OrderEndpoint.purchase(listing: listingID, request))
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: "Bought.") }
        }
    }
}
