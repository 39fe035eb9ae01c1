import ArgumentParser
import Foundation
import MarketClient
import MarketCore

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
