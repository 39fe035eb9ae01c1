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
    @Option(help: "Only this category.") var category: ListingCategory?
    @Option(help: "buy, rent or trade.") var offer: OfferKind?
    @Option(help: "Only this condition.") var condition: ListingCondition?
    @Option(name: .customLong("min-price"), help: "Lowest price, e.g. 5 or 12.50.") var minPrice: String?
    @Option(name: .customLong("max-price"), help: "Highest price.") var maxPrice: String?
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
                let words = rest.joined(separator: " ").trimmingCharacters(in: .whitespaces)
                let query = SavedSearchQuery(q: words.isEmpty ? nil : words, category: category, offer: offer, condition: condition,
                                             minPriceCents: try Parse.amount(minPrice, option: "--min-price"),
                                             maxPriceCents: try Parse.amount(maxPrice, option: "--max-price"))
                if let problem = query.problems().values.first { throw CommandFailure("Nothing to save: \(problem).") }
                let saved: SavedSearch = try await context.client.send(SavedSearchEndpoint.save(SavedSearchInput(name: name, query: query)))
                context.output.show(saved) { context.output.say("Saved “\(saved.name)”. A new listing that matches will tell you.") }
            case "rename"?:
                guard rest.count >= 2 else { throw CommandFailure("Name the search and its new name: market saved-searches rename ID NAME") }
                let id = try await context.id(rest[0], .savedSearch)
                let renamed: SavedSearch = try await context.client.send(SavedSearchEndpoint.rename(id, rest.dropFirst().joined(separator: " ")))
                context.output.show(renamed) { context.output.say("Renamed to “\(renamed.name)”.") }
            case "delete"?:
                guard let text = rest.first else { throw CommandFailure("Name the search: market saved-searches delete ID") }
                let id = try await context.id(text, .savedSearch)
                try await context.client.send(SavedSearchEndpoint.delete(id))
                context.output.show(["deleted": id.wireString]) { context.output.say("Deleted. It tells you of nothing more.") }
            case let other?:
                throw CommandFailure("\"\(other)\" is not something to do with saved searches: write save, rename or delete, or nothing to list them.")
            }
        }
    }
}

/// `market notification-settings`, `market notification-settings TOPIC CHANNEL on|off`.
struct NotificationSettingsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notification-settings",
        abstract: "How you hear of messages, orders, saved searches and saved listings: in the app, by mail, on phones.",
        discussion: "market notification-settings shows them; market notification-settings orders email off changes one (topics: messages, orders, savedSearches, favorites; channels: inApp, email, push).")

    @Argument(help: "A topic, a channel and on or off; nothing to show them.") var change: [String] = []
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            try context.requireSignIn()
            var settings: NotificationSettings
            if change.isEmpty {
                settings = try await context.client.send(NotificationSettingsEndpoint.get)
            } else {
                guard change.count == 3, let topic = NotificationTopic(rawValue: change[0]), let channel = NotificationChannel(rawValue: change[1]),
                      ["on", "off"].contains(change[2]) else {
                    throw CommandFailure("Write a topic (messages, orders, savedSearches, favorites), a channel (inApp, email, push) and on or off: market notification-settings orders email off")
                }
                settings = try await context.client.send(NotificationSettingsEndpoint.update(.setting(topic, channel, to: change[2] == "on")))
            }
            let rows = NotificationTopic.allCases
            context.output.list(settings, rows, empty: "", columns: ["TOPIC", "IN THE APP", "BY MAIL", "TO PHONES"]) { topic in
                [topic.rawValue] + NotificationChannel.allCases.map { settings[topic][$0] ? "on" : "off" }
            }
        }
    }
}
