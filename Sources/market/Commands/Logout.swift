import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the stored session.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            guard context.isSignedIn else { return context.output.tell("You were not signed in.") }
            // Forgotten here even when the server cannot be reached; the token then expires by itself.
            defer { context.forget() }
            try? await context.client.send(AuthEndpoint.logout)
            context.output.tell("Signed out.")
        }
    }
}
