import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct MeetupCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "meetup", abstract: "Propose where and when to meet for a pickup order, or accept the other side's proposal.",
        discussion: "market meetup ORDER --spot SPOT --at \"2026-11-28 15:00\" proposes (times are your local time); market meetup ORDER accept agrees.")

    @Argument(help: "The order's id (its first 8 digits will do).") var order: String
    @Argument(help: "accept, to agree to the other side's proposal.") var accept: String?
    @Option(help: "A spot's id, from `market spots`.") var spot: String?
    @Option(help: "When: 2026-11-28 15:00 (local time) or ISO 8601.") var at: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let orderID = try await context.id(order, .order)
            let updated: Order
            switch accept {
            case "accept"?:
                let current: Order = try await context.client.send(OrderEndpoint.show(orderID))
                guard let meetup = current.meetup, !meetup.isAgreed else { throw CommandFailure("There is no proposal to accept on this order.") }
                updated = try await context.client.send(MeetupEndpoint.accept(order: orderID, meetup))
            case nil:
                let request = MeetupRequest(spotId: spot, at: try at.map { try Parse.time($0, option: "--at") })
                _ = try request.validated(now: Date()).orThrow()
                updated = try await context.client.send(MeetupEndpoint.propose(order: orderID, request))
            case let other?:
                throw CommandFailure("\"\(other)\" is not a meetup step: write accept, or --spot and --at to propose.")
            }
            context.output.show(updated) { OrderPrinter(output: context.output).print(updated, headline: "Done.") }
        }
    }
}
