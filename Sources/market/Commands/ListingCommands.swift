import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Search: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Search the listings (newest first without words).")

    @Argument(help: "Words to look for.")
    var words: [String] = []
    @Option(help: "Only this category (repeat for several).") var category: [ListingCategory] = []
    @Option(help: "buy, rent or trade.") var offer: OfferKind?
    @Option(name: .customLong("min-price"), help: "Lowest price, e.g. 5 or 12.50.") var minPrice: String?
    @Option(name: .customLong("max-price"), help: "Highest price.") var maxPrice: String?
    @Option(help: "relevance, newest, price_asc or price_desc.") var sort: ListingSort?
    @Option(help: "How many to show (1–100).") var limit: Int = 20
    @Option(help: "The cursor a previous page printed.") var cursor: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let query = ListingQuery(text: words.joined(separator: " "), categories: category, offer: offer,
                                     minPriceCents: try Parse.amount(minPrice, option: "--min-price"),
                                     maxPriceCents: try Parse.amount(maxPrice, option: "--max-price"),
                                     sort: sort, page: PageRequest(limit: limit, cursor: cursor))
            let page: ListingPage = try await context.client.send(ListingEndpoint.search(try query.validated().orThrow()))
            context.output.list(page, page.items, empty: "No listings match.", columns: ["ID", "TITLE", "OFFERS", "CONDITION", "SELLER"]) {
                [IDPrefix.short($0.id), Format.short(($0.isFeatured ? "★ " : "") + $0.title), Format.offers($0), $0.condition.rawValue, $0.seller.name]
            } footer: {
                page.nextCursor.map { [context.output.dim("More: --cursor \($0)")] } ?? []
            }
        }
    }
}

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

struct PhotoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "photo", abstract: "Add or delete a listing's photos.",
                                                    subcommands: [Add.self, Remove.self])

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Upload a JPEG, PNG or WebP photo (location data is removed by the server).")

        @Argument(help: "The listing's id.") var id: String
        @Argument(help: "The image file.") var file: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.run { context in
                try context.requireSignIn()
                let photo = try await Self.upload(file, to: try await context.id(id, .listing), context: context)
                context.output.show(photo) {
                    context.output.say("Added photo \(photo.id.wireString): \(URL(string: photo.url, relativeTo: context.server)?.absoluteString ?? photo.url)")
                }
            }
        }

        /// Reads `file` and uploads it, showing progress.
        static func upload(_ file: String, to listingID: UUID, context: CommandContext) async throws -> ListingPhoto {
            let url = URL(fileURLWithPath: file)
            guard let data = FileManager.default.contents(atPath: url.path) else {
                throw CommandFailure("Cannot read \(file): no such file, or not readable.")
            }
            let upload = FileUpload(field: "photo", filename: url.lastPathComponent, contentType: contentType(of: url), data: data)
            let progress = Progress(output: context.output, label: "Uploading \(url.lastPathComponent) (\(size(data.count)))")
            let client = context.client
            return try await progress.run { try await client.send(ListingEndpoint.addPhoto(listingID, upload)) }
        }

        static func contentType(of url: URL) -> String {
            switch url.pathExtension.lowercased() {
            case "jpg", "jpeg": "image/jpeg"
            case "png": "image/png"
            case "webp": "image/webp"
            default: "application/octet-stream"
            }
        }

        static func size(_ bytes: Int) -> String {
            bytes < 1_000_000 ? "\(max(1, bytes / 1_000)) kB" : String(format: "%.1f MB", Double(bytes) / 1_000_000)
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "delete", abstract: "Delete a photo from a listing.")

        @Argument(help: "The listing's id.") var id: String
        @Argument(help: "The photo's id (see `market show`).") var photo: String
        @OptionGroup var global: GlobalOptions

        func run() async throws {
            try await global.run { context in
                try context.requireSignIn()
                let listingID = try await context.id(id, .listing)
                try await context.client.send(ListingEndpoint.deletePhoto(listing: listingID, photo: try await context.id(photo, .photo, photoOf: listingID)))
                context.output.say("Photo deleted.")
            }
        }
    }
}
