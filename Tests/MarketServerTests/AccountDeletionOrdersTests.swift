import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Account deletion and orders")
struct AccountDeletionOrdersTests {
    @Test("deleting an account cancels its open orders and releases what they held; completed orders stay")
    func deletionCancelsOpenOrders() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(.sample("Desk"))
            let done = try await app.placeOrder(deal)
            try await app.act(.accept, on: done.id, token: deal.seller.token)
            try await app.act(.ready, on: done.id, token: deal.seller.token)
            try await app.act(.complete, on: done.id, token: deal.seller.token, code: done.confirmationCode)
            let chair = try await app.createListing(.sample("Chair"), token: deal.seller.token)
            let open = try await app.purchase(chair.id, token: deal.buyer.token).decode(MarketCore.Order.self)
            let trade = try await app.createListing(.sample("Bike", openToTrade: true), token: deal.seller.token)
            let mine = try await app.createListing(.sample("Scooter"), token: deal.buyer.token)
            let offer = try await app.send(.POST, "/api/v1/listings/\(trade.id)/trade-offers",
                                           json: TradeOfferRequest(offeredListingIds: [mine.id]), token: deal.buyer.token).decode(TradeOffer.self)

            #expect(try await app.deleteAccount(token: deal.buyer.token).status == .noContent)

            let cancelled = try await app.send(.GET, "/api/v1/orders/\(open.id)", token: deal.seller.token).decode(MarketCore.Order.self)
            #expect(cancelled.status == .cancelled)
            #expect(cancelled.buyer.name == "Deleted user")
            #expect(try await app.listing(chair.id).status == .active)
            #expect(try await app.send(.GET, "/api/v1/trade-offers/\(offer.id)", token: deal.seller.token).decode(TradeOffer.self).status == .withdrawn)
            #expect(try await app.send(.GET, "/api/v1/me/activity?kind=sold", token: deal.seller.token).decode(OrderPage.self).items.map(\.id) == [done.id])
            #expect(try await app.notifications(token: deal.seller.token).items.contains { $0.orderId == open.id && $0.orderStatus == .cancelled })
        }
    }
}
