import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Delivery quotes")
struct DeliveryQuoteTests {
    func quote(_ app: Application, _ listingID: UUID, dropoff: String?, pickup: String? = nil, token: String) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/delivery/quotes", json: DeliveryQuoteRequest(listingId: listingID, dropoff: dropoff, pickup: pickup), token: token)
    }

    @Test("a quote is priced by distance between configured zones and expires")
    func pricing() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: {
            $0.delivery = DeliverySettings(zones: [DeliveryZone(name: "library", x: 0, y: 0), DeliveryZone(name: "dorms", x: 3, y: 4)],
                                           baseFeeCents: 100, perKilometreCents: 50, quoteLifetime: 600)
        }) { app in
            let deal = try await app.deal()
            let response = try await quote(app, deal.listing.id, dropoff: "dorms", token: deal.buyer.token)
            #expect(response.status == .created, "\(response.text)")
            let quote = try response.decode(DeliveryQuote.self)
            #expect(quote.pickup == "library")
            #expect(quote.fee == 100 + 5 * 50)
            #expect(quote.currency == "USD")
            #expect(quote.durationMinutes == 10 + 20)
            #expect(quote.expiresAt == clock.now.addingTimeInterval(600))
            let same = try await self.quote(app, deal.listing.id, dropoff: "library", token: deal.buyer.token).decode(DeliveryQuote.self)
            #expect(same.fee == 100)

            let unknown = try await self.quote(app, deal.listing.id, dropoff: "moon", pickup: "mars", token: deal.buyer.token)
            #expect(unknown.status == .unprocessableEntity)
            #expect(try unknown.error.fields?["dropoff"] == "must be one of library, dorms")
            #expect(try unknown.error.fields?["pickup"] != nil)
            #expect(try await self.quote(app, UUID(), dropoff: "dorms", token: deal.buyer.token).error.fields?["listingId"] != nil)
            #expect(try await self.quote(app, deal.listing.id, dropoff: "dorms", token: deal.seller.token).status == .forbidden)
        }
    }

    @Test("an expired, someone else's, another listing's or used quote is 422 and nothing is bought")
    func quoteRules() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            let other = try await app.register()
            let otherListing = try await app.createListing(.sample("Chair"), token: deal.seller.token)
            func quote(for listingID: UUID, token: String) async throws -> UUID {
                try await self.quote(app, listingID, dropoff: "north", token: token).decode(DeliveryQuote.self).id
            }
            let theirs = try await quote(for: deal.listing.id, token: other.token)
            let wrongListing = try await quote(for: otherListing.id, token: deal.buyer.token)
            let expiring = try await quote(for: deal.listing.id, token: deal.buyer.token)
            clock.advance(by: 15 * 60 + 1)
            let fresh = try await quote(for: deal.listing.id, token: deal.buyer.token)

            for (id, problem) in [(theirs, "is not a delivery quote of yours"), (wrongListing, "was given for another listing"),
                                  (expiring, "has expired; ask for a new quote"), (UUID(), "is not a delivery quote of yours")] {
                let response = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery", quoteId: id)
                #expect(response.status == .unprocessableEntity)
                #expect(try response.error.fields?["quoteId"] == problem)
            }
            #expect(try await app.listing(deal.listing.id).status == .active)

            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery", quoteId: fresh)
            #expect(order.status == .created)
            try await app.act(.cancel, on: order.decode(MarketCore.Order.self).id, token: deal.buyer.token)
            let reused = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery", quoteId: fresh)
            #expect(try reused.error.fields?["quoteId"] == "has already been used")
        }
    }
}
