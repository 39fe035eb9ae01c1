import Foundation
import Vapor

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
