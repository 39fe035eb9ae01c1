import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market favorites`, `market favorites save ID`, `market favorites remove ID`.
struct Favorites: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "The listings you saved; save one, or stop saving it.",
        discussion: "market favorites lists them (those that left the market say so); market favorites save ID and market favorites remove ID change the list.")

    @Argument(help: "save or remove; nothing to list.") var action: String?
    @Argument(help: "The listing's id (its first 8 digits will do).") var listing: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            switch action {
            case nil:
                let page: FavoritePage = try await context.client.send(FavoriteEndpoint.list(PageRequest(limit: 100, cursor: nil)))
                context.output.list(page, page.items, empty: "You have not saved any listing. Save one with: market favorites save ID",
                                    columns: ["ID", "TITLE", "NOW", "PRICE", "SAVED"]) {
                    [$0.listingId.map(IDPrefix.short) ?? "-", Format.short($0.title), Self.describe($0.availability),
                     $0.listing.map(Format.offers) ?? "", Format.time($0.savedAt)]
                }
            case "save"?, "remove"?:
                guard let listing else { throw CommandFailure("Name the listing: market favorites \(action!) ID") }
                let id = try await context.id(listing, .listing)
                if action == "save" {
                    switch try await context.client.sendOrKeep(FavoriteEndpoint.save(id), as: Favorite.self, summary: "Save listing \(IDPrefix.short(id))") {
                    case .sent(let saved):
                        context.output.show(saved) { context.output.tell("Saved “\(saved.title)”. You will hear if its price drops or someone buys it.") }
                    case .waiting(let item):
                        context.output.waiting(item)
                    }
                } else if let item = try await context.client.sendOrKeep(FavoriteEndpoint.remove(id), summary: "Stop saving listing \(IDPrefix.short(id))") {
                    context.output.waiting(item)
                } else {
                    context.output.show(["removed": id.wireString]) { context.output.tell("No longer saved.") }
                }
            case let other?:
                throw CommandFailure("\"\(other)\" is not something to do with favorites: write save or remove, or nothing to list them.")
            }
        }
    }

    static func describe(_ availability: FavoriteAvailability) -> String {
        switch availability {
        case .available: "available"
        case .reserved: "being bought"
        case .sold: "sold"
        case .gone, .unknown: "no longer listed"
        }
    }
}
