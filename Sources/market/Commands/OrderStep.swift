import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct OrderStep: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "order", abstract: "Show an order, or take its next step.",
        discussion: "Steps: accept, decline, ready, out-for-delivery, complete --code CODE (seller); cancel (buyer). A rental comes back: return (renter), then confirm-return or report-problem (owner).")

    @Argument(help: "The order's id.") var id: String
    @Argument(help: "accept, decline, cancel, ready, out-for-delivery, complete, return, confirm-return or report-problem.") var action: OrderAction?
    @Option(help: "The buyer's confirmation code, to complete a hand-over.") var code: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let orderID = try await context.id(id, .order)
            if action == .complete, code == nil { throw CommandFailure("complete needs --code: the code on the buyer's order.") }
            let order: Order = if let action {
                try await context.client.send(OrderEndpoint.act(orderID, action, confirmationCode: code))
            } else {
                try await context.client.send(OrderEndpoint.show(orderID))
            }
            context.output.show(order) { OrderPrinter(output: context.output).print(order, headline: action == nil ? nil : "Done.") }
        }
    }
}
