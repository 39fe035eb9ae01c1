import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Rent: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Rent a listing for a period.",
                                                    discussion: "Times are local (2026-11-24 10:00) or ISO 8601 with a zone.")

    @Argument(help: "The listing's id.") var id: String
    @Option(help: "Start of the rental.") var from: String
    @Option(help: "End of the rental.") var to: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let request = RentalRequest(start: try Parse.time(from, option: "--from"), end: try Parse.time(to, option: "--to"))
            _ = try request.validated(now: Date(), maxDuration: .greatestFiniteMagnitude).orThrow()
            let order: Order = try await context.client.send(OrderEndpoint.rent(listing: try await context.id(id, .listing), request))
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: "Rented.") }
        }
    }
}
