import ArgumentParser
import Foundation
import MarketClient

/// `market sync`: sends what waits now.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Send the changes kept while the server could not be reached, now.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let store = try context.requireStore()
            await context.client.sendWaiting()
            let left = store.outbox
            let waiting = left.filter { !$0.isFailed }.count
            let failed = left.count - waiting
            context.output.show(["waiting": waiting, "failed": failed]) {
                context.output.say(waiting == 0 ? "Nothing waits to be sent." : "\(waiting) change\(waiting == 1 ? "" : "s") still wait: the server cannot be reached.")
                if failed > 0 { context.output.say("\(failed) the server refused: market outbox shows why; market outbox drop NUMBER forgets one.") }
            }
            if waiting > 0 { throw ExitCode.failure }
        }
    }
}
