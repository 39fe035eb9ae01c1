import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Purchases")
struct PurchaseTests {
    @Test("a purchase makes a pending order for the sale price, reserves the listing, and only the buyer sees the code")
    func purchase() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample(salePriceCents: 2_500))

            let order = try await app.placeOrder(deal)

            #expect(order.type == .purchase)
            #expect(order.status == .pending)
            #expect(order.totalCents == 2_500)
            #expect(order.currency == "USD")
            #expect(order.buyer.id == deal.buyer.user.id)
            #expect(order.seller.id == deal.seller.user.id)
            #expect(order.confirmationCode?.count == 6)
            #expect(order.history.map(\.status) == [.pending])
            #expect(order.actions == [.cancel])
            #expect(try await app.listing(deal.listing.id).status == .reserved)
            let sellerView = try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(sellerView.confirmationCode == nil)
            #expect(sellerView.actions == [.accept, .decline])
        }
    }

    @Test("nobody buys their own listing (403); a listing not for sale or no longer active is 409")
    func refusals() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let own = try await app.purchase(deal.listing.id, token: deal.seller.token)
            #expect(own.status == .forbidden)
            #expect(try own.error.code == "own_listing")

            let rentOnly = try await app.createListing(.sample("Tent", salePriceCents: nil, rentPriceCents: 500, rentUnit: "day"), token: deal.seller.token)
            let notForSale = try await app.purchase(rentOnly.id, token: deal.buyer.token)
            #expect(notForSale.status == .conflict)
            #expect(try notForSale.error.code == "not_for_sale")

            _ = try await app.placeOrder(deal)
            let other = try await app.register()
            let taken = try await app.purchase(deal.listing.id, token: other.token)
            #expect(taken.status == .conflict)
            #expect(try taken.error.code == "listing_unavailable")
            #expect(try await app.purchase(UUID(), token: other.token).status == .notFound)
        }
    }

    @Test("the body is checked: fulfillment is required and must be known; delivery needs a quote")
    func validation() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let missing = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: nil)
            #expect(missing.status == .unprocessableEntity)
            #expect(try missing.error.fields?["fulfillment"] != nil)
            let unknown = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "teleport")
            #expect(try unknown.error.fields?["fulfillment"] == "must be pickup or delivery")
            let noQuote = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery")
            #expect(try noQuote.error.fields?["quoteId"] != nil)
            #expect(try await app.purchase(deal.listing.id, token: "").status == .unauthorized)
            // Nothing was written by the refused calls.
            #expect(try await app.listing(deal.listing.id).status == .active)
        }
    }

    @Test("declining or cancelling a purchase puts the listing back on the market")
    func releaseOnDeclineAndCancel() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let first = try await app.placeOrder(deal)
            #expect(try await app.act(.decline, on: first.id, token: deal.seller.token).status == .ok)
            #expect(try await app.listing(deal.listing.id).status == .active)

            let second = try await app.placeOrder(deal)
            #expect(try await app.act(.cancel, on: second.id, token: deal.buyer.token).status == .ok)
            #expect(try await app.listing(deal.listing.id).status == .active)
            _ = try await app.placeOrder(deal)
        }
    }

    @Test("a listing with rentals still to come cannot be sold")
    func upcomingRentalsBlockSale() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(.sample(salePriceCents: 9_000, rentPriceCents: 500, rentUnit: "day"))
            let renter = try await app.register()
            #expect(try await app.rent(deal.listing.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(25), token: renter.token).status == .created)
            let response = try await app.purchase(deal.listing.id, token: deal.buyer.token)
            #expect(response.status == .conflict)
            #expect(try response.error.code == "has_upcoming_rentals")
        }
    }
}
