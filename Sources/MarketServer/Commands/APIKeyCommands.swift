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

/// `campusmarket revoke-api-key NAME`: the app holding that key is refused from now on.
struct RevokeAPIKeyCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "The name the key was created with.")
        var name: String
        init() {}
    }

    var help: String { "Revokes an API key by name." }

    func run(using context: CommandContext, signature: Signature) async throws {
        try await APIKeyCommandSupport.keys(context.application).revoke(name: signature.name)
        context.console.print("Revoked API key '\(signature.name)'.")
    }
}

enum APIKeyCommandSupport {
    /// The key store, on a database migrated as `serve` would migrate it.
    static func keys(_ app: Application) async throws -> APIKeys {
        if app.settings.autoMigrate { try await app.autoMigrate() }
        return APIKeys(database: app.db, now: app.clock.now())
    }
}
