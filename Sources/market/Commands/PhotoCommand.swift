import ArgumentParser
import Foundation
import MarketClient
import MarketCore

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
                    context.output.tell("Added photo \(photo.id.wireString): \(URL(string: photo.url, relativeTo: context.server)?.absoluteString ?? photo.url)")
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
                context.output.tell("Photo deleted.")
            }
        }
    }
}
