import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market saved-searches`, `… save WORDS [filters]`, `… rename ID NAME`, `… delete ID`.
struct SavedSearches: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "saved-searches",
        abstract: "Searches you keep, to hear of new listings that match.",
        discussion: """
            market saved-searches lists them; market saved-searches save calculus --category textbooks --max-price 50 keeps one \
            (the search command's words and filters); rename ID NAME and delete ID change the list. A new listing that matches \
            tells you once: in the app, on your phone, and in the daily mail (market notification-settings).
            """)

    @Argument(help: "save, rename or delete; nothing to list. Then the words, or the id and the new name.") var arguments: [String] = []
    @OptionGroup var filters: QueryOptions
    @Option(help: "A name for the search (its words and filters otherwise).") var name: String?
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            let action = arguments.first, rest = Array(arguments.dropFirst())
            switch action {
            case nil:
                let searches: [SavedSearch] = try await context.client.send(SavedSearchEndpoint.list)
                context.output.list(searches, searches, empty: "No saved searches. Keep one with: market saved-searches save WORDS [--category …]",
                                    columns: ["ID", "NAME", "SAVED"]) {
                    [IDPrefix.short($0.id), Format.short($0.name), Format.time($0.createdAt)]
                }
            case "save"?:
                let query = try filters.query(words: rest).asSavedSearch
                if let problem = query.problemsAsSavedSearch().values.first { throw CommandFailure("Nothing to save: \(problem).") }
                let saved: SavedSearch = try await context.client.send(SavedSearchEndpoint.save(SavedSearchInput(name: name, query: query)))
                context.output.show(saved) { context.output.tell("Saved “\(saved.name)”. A new listing that matches will tell you.") }
            case "rename"?:
                guard rest.count >= 2 else { throw CommandFailure("Name the search and its new name: market saved-searches rename ID NAME") }
                let id = try await context.id(rest[0], .savedSearch)
                let renamed: SavedSearch = try await context.client.send(SavedSearchEndpoint.rename(id, rest.dropFirst().joined(separator: " ")))
                context.output.show(renamed) { context.output.tell("Renamed to “\(renamed.name)”.") }
            case "delete"?:
                guard let text = rest.first else { throw CommandFailure("Name the search: market saved-searches delete ID") }
                let id = try await context.id(text, .savedSearch)
                try await context.client.send(SavedSearchEndpoint.delete(id))
                context.output.show(["deleted": id.wireString]) { context.output.tell("Deleted. It tells you of nothing more.") }
            case let other?:
                throw CommandFailure("\"\(other)\" is not something to do with saved searches: write save, rename or delete, or nothing to list them.")
            }
        }
    }
}
