import ArgumentParser
import Foundation
import MarketClient
import MarketCore

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
