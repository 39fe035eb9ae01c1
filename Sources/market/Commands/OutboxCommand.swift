import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market outbox`, `market outbox drop ID`: the changes kept while the server could not be reached.
struct OutboxCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "outbox",
        abstract: "What waits to be sent (and what the server refused); drop one.",
        discussion: "Messages, favorites and other changes made while the server could not be reached wait here, in order; every command sends them first, `market sync` now. One the server refused stays, failed, with its reason, until dropped: market outbox drop ID.")

    @Argument(help: "drop; nothing to list.") var action: String?
    @Argument(help: "The waiting change's number (see the list).") var item: Int64?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let store = try context.requireStore()
            switch action {
            case nil:
                let items = store.outbox
                context.output.list(items.map(OutboxRow.init), items, empty: "Nothing waits to be sent.", columns: ["#", "MADE", "STATE", "CHANGE"]) {
                    [String($0.id), Format.time($0.createdAt), $0.failure.map { "failed: \($0)" } ?? "waiting", $0.summary]
                }
            case "drop"?:
                guard let item else { throw CommandFailure("Name the change: market outbox drop NUMBER (market outbox lists them).") }
                guard store.dropFromOutbox(item) else { throw CommandFailure("No change #\(item) waits; market outbox lists them.") }
                context.output.show(["dropped": item]) { context.output.tell("Dropped #\(item); it will not be sent.") }
            case let other?:
                throw CommandFailure("\"\(other)\" is not something to do with the outbox: write drop, or nothing to list it.")
            }
        }
    }
}

/// An outbox entry as `--json` prints it.
struct OutboxRow: Encodable {
    let id: Int64
    let summary: String
    let createdAt: Date
    let failure: String?

    init(_ item: OutboxItem) {
        (id, summary, createdAt, failure) = (item.id, item.summary, item.createdAt, item.failure)
    }
}
