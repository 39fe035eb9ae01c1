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

struct Orders: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Your orders, newest first.")

    @Option(name: .customLong("as"), help: "buyer or seller (both when left out).") var role: OrderRole?
    @Option(help: "Only orders with this status.") var status: OrderStatus?
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let page: OrderPage = try await context.client.send(OrderEndpoint.list(OrderFilter(role: role, status: status, page: PageRequest(limit: limit))))
            OrderPrinter(output: context.output).list(page, empty: "No orders yet.")
        }
    }
}

struct Activity: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "What you bought, sold, borrowed, lent or traded.")

    @Argument(help: "bought, sold, borrowed, lent or traded.") var kind: ActivityKind = .bought
    @Option(help: "How many to show.") var limit: Int = 30
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let page: OrderPage = try await context.client.send(OrderEndpoint.activity(kind, PageRequest(limit: limit)))
            OrderPrinter(output: context.output).list(page, empty: "Nothing \(kind.rawValue) yet.")
        }
    }
}
