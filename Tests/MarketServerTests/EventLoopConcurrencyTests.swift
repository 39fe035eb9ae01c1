import Foundation
import MarketCore
import Testing

/// The built server chooses where its async code runs by database (`EventLoopConcurrency`):
/// on its event loops with PostgreSQL, on Swift's own pool with SQLite. `RaceTests` race the
/// same built server; this checks the choice, and that an order goes through with it.
@Suite("Async code on the event loops")
struct EventLoopConcurrencyTests {
    @Test("on PostgreSQL the server's async code runs on its event loops, on SQLite on Swift's pool; a purchase goes through")
    func choiceByDatabase() async throws {
        try await ServerProcesses.withClient(count: 1, environment: ["LOG_LEVEL": "debug"]) { client, servers in
            let base = servers.baseURLs[0]
            let seller = try await client.register(on: base, name: "Seller")
            let buyer = try await client.register(on: base, name: "Buyer")
            let listing: MarketCore.Listing = try await client.json(.POST, base + "/api/v1/listings", ListingInput.sample("Desk lamp"),
                                                                     token: seller.token, expect: .created)
            let purchase = try await client.send(.POST, base + "/api/v1/listings/\(listing.id)/purchase",
                                                 PurchaseRequest(fulfillment: "pickup"), token: buyer.token)
            #expect(purchase.status == .created)
            #expect(servers.log(0).contains("Async code runs on the event loops: \(TestDatabase.isPostgres)"))
        }
    }
}
