import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The SDK's saved searches and notification settings screens against a live server.
@Suite("SDK saved searches and notification settings")
@MainActor
struct ComesToYouScreensTests {
    @Test("the feed's words and filters are saved as a search, renamed and deleted; a search for everything is refused before sending")
    func savedSearches() async throws {
        try await withLiveMarket { market in
            let student = try await market.person("Student")
            let feed = FeedViewModel(client: student.client)
            let screen = SavedSearchesViewModel(client: student.client)
            #expect(await screen.save(feed.savedSearchQuery) == nil)
            #expect(screen.fieldErrors["query"] != nil)
            feed.searchText = "  calculus "
            feed.category = .textbooks
            let saved = try #require(await screen.save(feed.savedSearchQuery))
            #expect(saved.query.text == "calculus" && saved.query.categories == [.textbooks])
            #expect(await screen.rename(saved.id, to: "Calc books"))
            await screen.load()
            #expect(screen.searches.map(\.name) == ["Calc books"])
            #expect(await screen.delete(saved.id))
            await screen.load()
            #expect(screen.searches.isEmpty)
        }
    }

    @Test("settings load at the defaults and flip one toggle at a time; messages in the inbox cannot be turned off; a phone registers and is forgotten")
    func settingsAndPhone() async throws {
        try await withLiveMarket { market in
            let student = try await market.person("Student")
            let screen = NotificationSettingsViewModel(client: student.client)
            await screen.load()
            #expect(screen.settings == .defaults && screen.devices.isEmpty)
            #expect(await screen.set(.savedSearches, .push, to: true))
            #expect(screen.settings?.savedSearches.push == true)
            #expect(!screen.canChange(.messages, .inApp))
            #expect(await screen.set(.messages, .inApp, to: false) == false)
            #expect(screen.fieldErrors["messages.inApp"] != nil && screen.settings?.messages.inApp == true)
            let token = Data((0..<32).map { UInt8($0) })
            #expect(await screen.registerDevice(token: token, environment: .sandbox))
            #expect(screen.devices.map(\.tokenEnding) == ["1c1d1e1f"])
            #expect(await screen.forgetDevice(token: token))
            await screen.load()
            #expect(screen.devices.isEmpty)
        }
    }
}
