import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct Logout: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Sign out and forget the stored session.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            guard context.isSignedIn else { return context.output.say("You were not signed in.") }
            // Forgotten here even when the server cannot be reached; the token then expires by itself.
            defer { try? context.store.clear() }
            try? await context.client.send(AuthEndpoint.logout)
            context.output.say("Signed out.")
        }
    }
}

struct WhoAmI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Who is signed in, and where.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let me = try await context.me()
            context.output.show(me) {
                context.output.say("\(context.output.bold(me.name)) <\(me.email)>" + (me.username.map { " @\($0)" } ?? ""))
                context.output.say("Campus: \(me.campus?.label ?? "–")  ·  Server: \(context.server.absoluteString)")
                if let contact = me.contact { context.output.say("Contact: \(contact.label)") }
            }
        }
    }
}
