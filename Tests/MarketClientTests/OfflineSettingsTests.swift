import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// Settings and saved searches changed with no network: shown at once, kept in the outbox, and
/// made once back online.
@Suite("SDK offline settings and saved searches")
@MainActor
struct OfflineSettingsTests {
    @Test("offline, a notification toggle flips and waits, a search saved waits as a row, a rename shows at once; relaunched offline they still show; back online each is made once")
    func waitThenSave() async throws {
        try await withLiveMarket { market in
            let tokens = MemoryTokenStore()
            let student = try await market.person("Gus", store: tokens)
            let settings = NotificationSettingsViewModel(client: student.client)
            await settings.load()
            #expect(settings.settings?.orders.email == true)
            let searches = SavedSearchesViewModel(client: student.client)
            let lamps = try #require(await searches.save(ListingQuery(text: "lamp"), name: "Lamps"))
            await searches.load()

            await market.stopServing()
            #expect(await settings.set(.orders, .email, to: false))
            #expect(settings.settings?.orders.email == false && settings.waiting.count == 1 && settings.errorMessage == nil)
            #expect(await searches.save(ListingQuery(text: "desk"), name: "Desks") == nil)
            #expect(searches.errorMessage == nil && searches.waiting.map(\.summary) == ["Save the search “Desks”"])
            #expect(await searches.rename(lamps.id, to: "Reading lamps"))
            #expect(searches.searches.map(\.name) == ["Reading lamps"])

            // The app is started again, still offline: the screens show what waits.
            let relaunched = market.session(store: tokens)
            #expect(await relaunched.restore())
            let settingsAgain = NotificationSettingsViewModel(client: relaunched.client)
            await settingsAgain.load()
            #expect(settingsAgain.isOffline && settingsAgain.settings?.orders.email == false)
            let searchesAgain = SavedSearchesViewModel(client: relaunched.client)
            await searchesAgain.load()
            #expect(searchesAgain.isOffline && searchesAgain.waiting.count == 2)

            try await market.serveAgain()
            #expect(await relaunched.client.sendWaiting() == 3)
            let saved: NotificationSettings = try await student.client.send(NotificationSettingsEndpoint.get)
            #expect(saved.orders.email == false && saved.orders.push == true)
            let list: [SavedSearch] = try await student.client.send(SavedSearchEndpoint.list)
            #expect(Set(list.map(\.name)) == ["Reading lamps", "Desks"])
            await searchesAgain.load()
            #expect(searchesAgain.waiting.isEmpty && !searchesAgain.isOffline)
        }
    }
}
