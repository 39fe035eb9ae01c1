import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Spots: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "The campus's safe meetup spots, with a map link each.")

    @Option(help: "Only this campus's spots (and those for every campus).") var campus: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let spots: [MeetupSpot] = try await context.client.send(MeetupEndpoint.spots(campus: campus))
            context.output.list(spots, spots, empty: "This server lists no meetup spots.", columns: ["ID", "NAME", "WHERE", "MAP"]) {
                [$0.id, $0.name, Format.short($0.description, 50), $0.mapURL]
            }
        }
    }
}
