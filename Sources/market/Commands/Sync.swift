import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market sync`: sends what waits now, then catches up with what changed while away.
struct Sync: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Send the changes kept while the server could not be reached, then keep what changed since, for reading offline.")

    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let store = try context.requireStore()
            await context.client.sendWaiting()
            let left = store.outbox
            let waiting = left.filter { !$0.isFailed }.count
            let failed = left.count - waiting
            // Only once what waits has gone: catching up needs the server too.
            let caughtUp = waiting == 0 ? try await context.client.catchUp() : nil
            context.output.show(["waiting": waiting, "failed": failed, "changes": caughtUp?.changes ?? 0,
                                 "reloaded": caughtUp?.reloaded.count ?? 0]) {
                context.output.tell(waiting == 0 ? "Nothing waits to be sent." : "\(waiting) changes still wait: the server cannot be reached.")
                if failed > 0 { context.output.tell("\(failed) the server refused: market outbox shows why; market outbox drop NUMBER forgets one.") }
                if let caughtUp { context.output.tell(Self.describe(caughtUp)) }
            }
            if waiting > 0 { throw ExitCode.failure }
        }
    }

    static func describe(_ caughtUp: CatchUp) -> Phrase {
        let loaded: Phrase = "\(caughtUp.reloaded.count) kept answers loaded again"
        if caughtUp.startedOver { return "Away too long to list what changed: \(loaded)." }
        if caughtUp.changes == 0 { return "Up to date." }
        return "\(caughtUp.changes) changes since the last sync: \(loaded)."
    }
}
