import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Show: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "One listing in full.")

    @Argument(help: "The listing's id.") var id: String
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let listing: Listing = try await context.client.send(ListingEndpoint.show(try await context.id(id, .listing)))
            context.output.show(listing) { ListingPrinter(output: context.output, server: context.server).print(listing) }
        }
    }
}

/// A listing as `show`, `sell` and `edit` print it.
struct ListingPrinter {
    let output: Output
    let server: URL

    func print(_ listing: Listing) {
        output.say(output.bold(listing.title) + (listing.isFeatured ? "  ★ featured" : ""))
        output.say("\(Format.offers(listing))  ·  \(listing.condition.label)  ·  \(listing.categories.map(\.label).joined(separator: ", "))  ·  \(listing.status.rawValue)")
        if !listing.description.isEmpty { output.say("\n" + listing.description + "\n") }
        if let book = listing.textbook {
            let parts = [book.author, book.edition.map { "\($0) edition" }, book.isbn.map { "ISBN \($0)" }, book.courseCode]
            output.say("Textbook: " + parts.compactMap { $0 }.joined(separator: " · "))
        }
        output.say("Seller: \(listing.seller.name)" + (listing.seller.contact.map { " (\($0.label))" } ?? ""))
        for photo in listing.photos { output.say("Photo: " + (URL(string: photo.url, relativeTo: server)?.absoluteString ?? photo.url)) }
        output.say(output.dim("ID \(listing.id.wireString) · listed \(Format.time(listing.createdAt))"))
    }
}

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
