import Foundation
import Vapor

/// `campusmarket create-api-key --name NAME`: issues a key for an app that speaks a fixed
/// contract (Text Trader sends it as `x-api-key`). The key is the last word printed, shown once.
struct CreateAPIKeyCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "name", short: "n", help: "A label for the app that will hold the key, e.g. texttrader-ios.")
        var name: String?
        init() {}
    }

    var help: String { "Issues an API key for an app (Text Trader's x-api-key); prints it once." }

    func run(using context: CommandContext, signature: Signature) async throws {
        guard let name = signature.name else { throw ConfigurationError("create-api-key needs --name NAME, a label for the app that will hold the key.") }
        let keys = try await APIKeyCommandSupport.keys(context.application)
        let key = try await keys.create(name: name)
        context.console.print("Created API key '\(name)'. It is shown only now; the app sends it in the x-api-key header: \(key)")
    }
}
