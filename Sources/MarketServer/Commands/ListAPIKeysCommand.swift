import Foundation
import Vapor

/// `campusmarket list-api-keys`: the names and issue dates (never the keys, which are not kept).
struct ListAPIKeysCommand: AsyncCommand {
    struct Signature: CommandSignature { init() {} }

    var help: String { "Lists the API keys issued, by name." }

    func run(using context: CommandContext, signature: Signature) async throws {
        let keys = try await APIKeyCommandSupport.keys(context.application).list()
        if keys.isEmpty {
            context.console.print("No API keys. Issue one with: campusmarket create-api-key --name NAME")
            return
        }
        let width = keys.map(\.name.count).max() ?? 0
        for key in keys {
            let padded = key.name.padding(toLength: max(width, 4), withPad: " ", startingAt: 0)
            context.console.print("\(padded)  created \(ISO8601DateFormatter().string(from: key.createdAt))")
        }
    }
}
