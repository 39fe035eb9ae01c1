import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Delete: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Delete one of your listings (archived instead when an order refers to it).")

    @Argument(help: "The listing's id.") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let removal: ListingRemoval = try await context.client.send(ListingEndpoint.delete(try await context.id(id, .listing)))
            context.output.show(removal) { context.output.say(removal.message) }
        }
    }
}
