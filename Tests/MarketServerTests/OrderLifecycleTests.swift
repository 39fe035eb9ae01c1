import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Order lifecycle")
struct OrderLifecycleTests {
    @Test("pickup: accept → ready → complete with the buyer's code; the listing is sold and history has every step")
    func pickupFlow() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal(.sample(salePriceCents: 4_000))
            let order = try await app.placeOrder(deal)
            clock.advance(by: 60)
            #expect(try await app.act(.accept, on: order.id, token: deal.seller.token).status == .ok)
            clock.advance(by: 60)
            #expect(try await app.act(.ready, on: order.id, token: deal.seller.token).status == .ok)
            clock.advance(by: 60)
            let done = try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode)
            #expect(done.status == .ok, "\(done.text)")

            let final = try done.decode(MarketCore.Order.self)
            #expect(final.status == .completed)
            #expect(final.history.map(\.status) == [.pending, .accepted, .readyForPickup, .completed])
            #expect(final.history.map(\.at) == (0...3).map { order.createdAt.addingTimeInterval(Double($0) * 60) })
            #expect(final.actions.isEmpty)
            #expect(try await app.listing(deal.listing.id, token: deal.buyer.token).status == .sold)
            // Sold, it is its seller's and its buyer's to see, nobody else's.
            #expect(try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)").status == .notFound)
        }
    }

    @Test("delivery: out for delivery instead of ready; the wrong branch is 409 in words")
    func deliveryFlow() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample(salePriceCents: 4_000))
            let quote = try await app.send(.POST, "/api/v1/delivery/quotes", json: DeliveryQuoteRequest(listingId: deal.listing.id, dropoff: "north"),
                                           token: deal.buyer.token).decode(DeliveryQuote.self)
            let order = try await app.purchase(deal.listing.id, token: deal.buyer.token, fulfillment: "delivery", quoteId: quote.id)
                .decode(MarketCore.Order.self)
            #expect(order.fulfillment == .delivery)
            #expect(order.deliveryFeeCents == quote.fee)
            #expect(order.totalCents == 4_000 + quote.fee)
            try await app.act(.accept, on: order.id, token: deal.seller.token)
            let ready = try await app.act(.ready, on: order.id, token: deal.seller.token)
            #expect(ready.status == .conflict)
            #expect(try ready.error.message.contains("out-for-delivery"))
            #expect(try await app.act(.outForDelivery, on: order.id, token: deal.seller.token).status == .ok)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .ok)
        }
    }

    @Test("illegal transitions are 409; steps belong to one side (403); strangers see 404")
    func illegalTransitions() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let order = try await app.placeOrder(deal)
            let stranger = try await app.register()

            #expect(try await app.act(.ready, on: order.id, token: deal.seller.token).status == .conflict)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .conflict)
            #expect(try await app.act(.accept, on: order.id, token: deal.buyer.token).status == .forbidden)
            #expect(try await app.act(.cancel, on: order.id, token: deal.seller.token).status == .forbidden)
            #expect(try await app.act(.accept, on: order.id, token: stranger.token).status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/orders/\(order.id)", token: stranger.token).status == .notFound)

            #expect(try await app.act(.accept, on: order.id, token: deal.seller.token).status == .ok)
            let late = try await app.act(.cancel, on: order.id, token: deal.buyer.token)
            #expect(late.status == .conflict)
            #expect(try late.error.code == "illegal_transition")
            #expect(try await app.act(.decline, on: order.id, token: deal.seller.token).status == .conflict)
            #expect(try await app.act(.accept, on: order.id, token: deal.seller.token).status == .conflict)
            #expect(try await app.listing(deal.listing.id).status == .reserved)
        }
    }

    @Test("a wrong code is 422 and counted; five wrong codes lock completion for 15 minutes")
    func confirmationCode() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            let order = try await app.placeOrder(deal)
            try await app.act(.accept, on: order.id, token: deal.seller.token)
            try await app.act(.ready, on: order.id, token: deal.seller.token)
            let wrong = order.confirmationCode == "000000" ? "111111" : "000000"

            let missing = try await app.act(.complete, on: order.id, token: deal.seller.token, code: nil)
            #expect(try missing.error.fields?["confirmationCode"] != nil)
            for _ in 1...4 {
                let response = try await app.act(.complete, on: order.id, token: deal.seller.token, code: wrong)
                #expect(response.status == .unprocessableEntity)
                #expect(try response.error.fields?["confirmationCode"] == "does not match the buyer's code")
            }
            let locked = try await app.act(.complete, on: order.id, token: deal.seller.token, code: wrong)
            #expect(locked.status == .tooManyRequests)
            #expect(locked.headers.first(name: "Retry-After") == "900")
            #expect(try locked.error.message == "Too many wrong confirmation codes. Try again in 15 minutes.", "a wait in words, not a timestamp")
            clock.advance(by: 60)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .tooManyRequests)
            clock.advance(by: 14 * 60 + 1)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .ok)
        }
    }

    @Test("the seller hears of a new order, the buyer of every status change; read and unread counts")
    func notifications() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample("Desk lamp"))
            let order = try await app.placeOrder(deal)
            let sellerInbox = try await app.notifications(token: deal.seller.token)
            #expect(sellerInbox.items.map(\.kind) == [.purchaseRequested])
            #expect(sellerInbox.items.first?.orderId == order.id)
            #expect(sellerInbox.items.first?.message.contains("Desk lamp") == true)
            #expect(sellerInbox.unreadCount == 1)

            try await app.act(.accept, on: order.id, token: deal.seller.token)
            try await app.act(.ready, on: order.id, token: deal.seller.token)
            try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode)
            let buyerInbox = try await app.notifications(token: deal.buyer.token)
            #expect(buyerInbox.items.map(\.orderStatus) == [.completed, .readyForPickup, .accepted])
            #expect(buyerInbox.unreadCount == 3)

            let first = try #require(buyerInbox.items.first)
            let read = try await app.send(.POST, "/api/v1/notifications/\(first.id)/read", token: deal.buyer.token).decode(MarketNotification.self)
            #expect(read.readAt != nil)
            #expect(try await app.send(.GET, "/api/v1/notifications/unread-count", token: deal.buyer.token).decode(UnreadCount.self).unreadCount == 2)
            #expect(try await app.send(.GET, "/api/v1/notifications?unread=true", token: deal.buyer.token).decode(NotificationPage.self).items.count == 2)
            #expect(try await app.send(.POST, "/api/v1/notifications/\(first.id)/read", token: deal.seller.token).status == .notFound)
            #expect(try await app.send(.POST, "/api/v1/notifications/read-all", token: deal.buyer.token).decode(UnreadCount.self).unreadCount == 0)
        }
    }

    @Test("orders list by role and status, paginated; activity has Teebay's lists and trades")
    func listsAndActivity() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            let bought = try await app.placeOrder(deal)
            let camera = try await app.createListing(RentalTests.hourly, token: deal.seller.token)
            let rental = try await app.rent(camera.id, from: clock.hoursFromNow(1), to: clock.hoursFromNow(3), token: deal.buyer.token)
                .decode(MarketCore.Order.self)
            let lamp = try await app.createListing(.sample("Spare lamp"), token: deal.seller.token)
            let cancelled = try await app.purchase(lamp.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            try await app.act(.cancel, on: cancelled.id, token: deal.buyer.token)

            func ids(_ path: String, _ token: String) async throws -> [UUID] {
                let response = try await app.send(.GET, path, token: token)
                #expect(response.status == .ok, "\(path): \(response.text)")
                return try response.decode(OrderPage.self).items.map(\.id)
            }
            #expect(try await ids("/api/v1/orders?role=buyer", deal.buyer.token) == [cancelled.id, rental.id, bought.id])
            #expect(try await ids("/api/v1/orders?role=buyer", deal.seller.token).isEmpty)
            #expect(try await ids("/api/v1/orders?role=seller&status=pending", deal.seller.token) == [rental.id, bought.id])
            #expect(try await ids("/api/v1/orders?type=rental", deal.seller.token) == [rental.id])
            let firstPage = try await app.send(.GET, "/api/v1/orders?limit=2", token: deal.buyer.token).decode(OrderPage.self)
            let cursor = try #require(firstPage.nextCursor)
            #expect(try await ids("/api/v1/orders?limit=2&cursor=\(cursor)", deal.buyer.token) == [bought.id])

            #expect(try await ids("/api/v1/me/activity?kind=bought", deal.buyer.token) == [bought.id])
            #expect(try await ids("/api/v1/me/activity?kind=sold", deal.seller.token) == [bought.id])
            #expect(try await ids("/api/v1/me/activity?kind=borrowed", deal.buyer.token) == [rental.id])
            #expect(try await ids("/api/v1/me/activity?kind=lent", deal.seller.token) == [rental.id])
            #expect(try await ids("/api/v1/me/activity?kind=traded", deal.seller.token).isEmpty)
            let bad = try await app.send(.GET, "/api/v1/me/activity?kind=stolen&limit=0", token: deal.buyer.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.error.fields?.keys.sorted() == ["kind", "limit"])
            #expect(try await app.send(.GET, "/api/v1/me/activity", token: deal.buyer.token).status == .unprocessableEntity)
            #expect(try await app.send(.GET, "/api/v1/orders?cursor=nonsense", token: deal.buyer.token).status == .unprocessableEntity)
        }
    }

    @Test("a listing with an order in progress cannot be deleted; once the order ends it is archived, not deleted")
    func removalWithOrders() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let order = try await app.placeOrder(deal)
            let blocked = try await app.send(.DELETE, "/api/v1/listings/\(deal.listing.id)", token: deal.seller.token)
            #expect(blocked.status == .conflict)
            #expect(try blocked.error.code == "listing_has_open_orders")
            try await app.act(.decline, on: order.id, token: deal.seller.token)
            let removed = try await app.send(.DELETE, "/api/v1/listings/\(deal.listing.id)", token: deal.seller.token)
            #expect(try removed.decode(ListingRemoval.self).result == "archived")
            #expect(try await app.send(.GET, "/api/v1/orders/\(order.id)", token: deal.buyer.token).status == .ok)
        }
    }
}
