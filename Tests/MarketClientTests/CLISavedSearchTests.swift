import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// `market saved-searches` and `market notification-settings` against a live server.
@Suite("CLI saved searches and notification settings")
struct CLISavedSearchTests {
    @Test("save a search with filters, list it, rename and delete it by short id; turn one channel off; mistakes are one sentence, exit 1")
    func savedSearches() async throws {
        try await withLiveMarket { market in
            _ = try await market.person("Student")
            let cli = MarketCLI(server: market.url)
            defer { cli.cleanUp() }
            _ = try await cli.run("login", "student@campus.edu", input: LiveMarket.password + "\n")

            let empty = try await cli.run("saved-searches")
            #expect(empty.status == 0 && empty.stdout.contains("No saved searches"))
            let everything = try await cli.run("saved-searches", "save")
            #expect(everything.status == 1 && everything.stderr.contains("Nothing to save"))
            let saved = try await cli.run("saved-searches", "save", "calculus", "--category", "textbooks", "--max-price", "50")
            #expect(saved.status == 0, "\(saved.stderr)")
            let json = try await cli.run("saved-searches", "--json")
            let searches = try JSONDecoder.api.decode([SavedSearch].self, from: Data(json.stdout.utf8))
            let search = try #require(searches.first)
            #expect(search.query == ListingQuery(text: "calculus", categories: [.textbooks], maxPriceCents: 5_000))
            let renamed = try await cli.run("saved-searches", "rename", IDPrefix.short(search.id), "Calc", "books")
            #expect(renamed.status == 0 && renamed.stdout.contains("Renamed to “Calc books”"))
            #expect(try await cli.run("saved-searches").stdout.contains("Calc books"))
            let deleted = try await cli.run("saved-searches", "delete", IDPrefix.short(search.id))
            #expect(deleted.status == 0 && deleted.stdout.contains("Deleted"))

            let off = try await cli.run("notification-settings", "orders", "email", "off")
            #expect(off.status == 0, "\(off.stderr)")
            let shown = try await cli.run("notification-settings", "--json")
            let settings = try JSONDecoder.api.decode(NotificationSettings.self, from: Data(shown.stdout.utf8))
            #expect(!settings.orders.email && settings.orders.push)
            let wrong = try await cli.run("notification-settings", "orders", "pigeon", "on")
            #expect(wrong.status == 1 && wrong.stderr.contains("Write a topic"))
        }
    }
}
