import ArgumentParser
import Foundation
import MarketClient
import MarketCore

struct WhoAmI: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "whoami", abstract: "Who is signed in, and where.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            let me = try await context.me()
            context.output.show(me) {
                context.output.say("\(context.output.bold(me.name)) <\(me.email)>" + (me.username.map { " @\($0)" } ?? ""))
                context.output.tell("Campus: \(me.campus?.label.localized ?? "–")  ·  Server: \(context.server.absoluteString)")
                if let contact = me.contact { context.output.tell("Contact: \(contact.label.localized)") }
            }
        }
    }
}
