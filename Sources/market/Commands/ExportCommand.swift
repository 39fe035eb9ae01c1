import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct ExportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Download everything your account holds, as one JSON file.",
        discussion: "market export --output my-data.json writes it to a new file only you can read; without --output it goes to standard output.")

    @Option(name: .shortAndLong, help: "A new file to write (never overwritten).") var output: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let archive: AccountExport = try await context.client.send(ProfileEndpoint.export)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            encoder.dateEncodingStrategy = .iso8601
            let data = try encoder.encode(archive)
            guard let output else {
                FileHandle.standardOutput.write(data)
                FileHandle.standardOutput.write(Data("\n".utf8))
                return
            }
            // Messages, orders and addresses: readable by the owner only, and never over another file.
            guard !FileManager.default.fileExists(atPath: output) else {
                throw CommandFailure("\(output) exists already: name a new file.")
            }
            guard FileManager.default.createFile(atPath: output, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CommandFailure("Could not write \(output): check that its folder exists and you may write there.")
            }
            let reviews = archive.reviewsGiven.count + archive.reviewsReceived.count
            context.output.tell("Saved your data to \(output): \(archive.listings.count) listings, \(archive.orders.count) orders, \(archive.conversations.count) conversations, \(reviews) reviews.")
        }
    }
}
