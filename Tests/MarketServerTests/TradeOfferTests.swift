import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Trade offers")
struct TradeOfferTests {
    static let tradable = ListingInput.sample("Calculus textbook", openToTrade: true)

    func offer(_ app: Application, for listingID: UUID, _ offered: [UUID], cash: Int? = nil, token: String) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/listings/\(listingID)/trade-offers",
                           json: TradeOfferRequest(offeredListingIds: offered, cashTopUpCents: cash), token: token)
    }

    @Test("an offer names the offerer's own active listings; the target must be open to trade and not theirs")
    func offerRules() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.tradable)
            let mine = try await app.createListing(.sample("Physics textbook"), token: deal.buyer.token)
            let notMine = try await app.createListing(.sample("Chemistry textbook"), token: deal.seller.token)
            let closed = try await app.createListing(.sample("Lamp", openToTrade: false), token: deal.seller.token)

            let made = try await offer(app, for: deal.listing.id, [mine.id], cash: 500, token: deal.buyer.token)
            #expect(made.status == .created, "\(made.text)")
            let offer = try made.decode(TradeOffer.self)
            #expect(offer.status == .pending)
            #expect(offer.offeredListings == [TradeItem(listingId: mine.id, title: "Physics textbook")])
            #expect(offer.cashTopUpCents == 500)
            #expect(try await app.notifications(token: deal.seller.token).items.first?.kind == .tradeOfferReceived)

            #expect(try await self.offer(app, for: deal.listing.id, [notMine.id], token: deal.buyer.token).error.fields?["offeredListingIds"]
                    == "must all be your own active listings")
            #expect(try await self.offer(app, for: deal.listing.id, [], token: deal.buyer.token).status == .unprocessableEntity)
            #expect(try await self.offer(app, for: deal.listing.id, [mine.id], cash: -1, token: deal.buyer.token).error.fields?["cashTopUpCents"] != nil)
            #expect(try await self.offer(app, for: closed.id, [mine.id], token: deal.buyer.token).status == .conflict)
            #expect(try await self.offer(app, for: deal.listing.id, [notMine.id], token: deal.seller.token).status == .forbidden)
        }
    }

    @Test("accepting takes both sides off the market, makes the trade order, and declines other offers involving them — at once")
    func acceptIsAtomic() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.tradable)
            let third = try await app.register()
            let mine = try await app.createListing(.sample("Physics textbook"), token: deal.buyer.token)
            let theirs = try await app.createListing(.sample("Biology textbook"), token: third.token)
            let offer = try await offer(app, for: deal.listing.id, [mine.id], cash: 300, token: deal.buyer.token).decode(TradeOffer.self)
            let rival = try await self.offer(app, for: deal.listing.id, [theirs.id], token: third.token).decode(TradeOffer.self)
            // An offer elsewhere that offers the buyer's listing also dies with the trade.
            let elsewhere = try await app.createListing(.sample("Guitar", openToTrade: true), token: third.token)
            let reuse = try await self.offer(app, for: elsewhere.id, [mine.id], token: deal.buyer.token).decode(TradeOffer.self)

            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(offer.id)/accept", token: deal.buyer.token).status == .forbidden)
            let accepted = try await app.send(.POST, "/api/v1/trade-offers/\(offer.id)/accept", token: deal.seller.token)
            #expect(accepted.status == .ok, "\(accepted.text)")
            let result = try accepted.decode(TradeOffer.self)
            #expect(result.status == .accepted)
            let orderID = try #require(result.orderId)

            #expect(try await app.listing(deal.listing.id).status == .reserved)
            #expect(try await app.listing(mine.id).status == .reserved)
            #expect(try await app.listing(theirs.id).status == .active)
            func status(_ id: UUID, _ token: String) async throws -> TradeOfferStatus {
                try await app.send(.GET, "/api/v1/trade-offers/\(id)", token: token).decode(TradeOffer.self).status
            }
            #expect(try await status(rival.id, third.token) == .declined)
            #expect(try await status(reuse.id, third.token) == .declined)
            #expect(try await app.notifications(token: third.token).items.map(\.kind).contains(.tradeOfferDeclined))

            let order = try await app.send(.GET, "/api/v1/orders/\(orderID)", token: deal.buyer.token).decode(MarketCore.Order.self)
            #expect(order.type == .trade)
            #expect(order.status == .accepted)
            #expect(order.totalCents == 300)
            #expect(order.tradeOfferId == offer.id)
            try await app.act(.ready, on: orderID, token: deal.seller.token)
            #expect(try await app.act(.complete, on: orderID, token: deal.seller.token, code: order.confirmationCode).status == .ok)
            // Sold, each is seen by the two parties: the one who gave it and the one who got it.
            #expect(try await app.listing(deal.listing.id, token: deal.buyer.token).status == .sold)
            #expect(try await app.listing(mine.id, token: deal.seller.token).status == .sold)
            #expect(try await app.send(.GET, "/api/v1/listings/\(mine.id)").status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/me/activity?kind=traded", token: deal.buyer.token).decode(OrderPage.self).items.map(\.id) == [orderID])
        }
    }

    @Test("when an offered listing was bought meanwhile, the offer was declined then, and accepting is 409 and changes nothing")
    func acceptFailsWhole() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.tradable)
            let mine = try await app.createListing(.sample("Physics textbook"), token: deal.buyer.token)
            let offer = try await offer(app, for: deal.listing.id, [mine.id], token: deal.buyer.token).decode(TradeOffer.self)
            let shopper = try await app.register()
            _ = try await app.purchase(mine.id, token: shopper.token)

            let response = try await app.send(.POST, "/api/v1/trade-offers/\(offer.id)/accept", token: deal.seller.token)
            #expect(response.status == .conflict)
            #expect(try await app.listing(deal.listing.id).status == .active)
            #expect(try await app.send(.GET, "/api/v1/trade-offers/\(offer.id)", token: deal.seller.token).decode(TradeOffer.self).status == .declined)
            #expect(try await app.send(.GET, "/api/v1/orders?type=trade", token: deal.seller.token).decode(OrderPage.self).items.isEmpty)
        }
    }

    @Test("an offer made in a SQLite batch that runs again (another write in it failed) is made once, not a crash",
          .enabled(if: !TestDatabase.isPostgres))
    func offerInBatchRunAgain() async throws {
        try await withTestApp(adjust: { $0.rehearseWrites = false }) { app in
            let deal = try await app.deal(Self.tradable)
            let mine = try await app.createListing(.sample("Physics textbook"), token: deal.buyer.token)
            let made = try await app.inBatchThatRunsAgain([{ @Sendable in try await offer(app, for: deal.listing.id, [mine.id], token: deal.buyer.token) }])
            #expect(made.first?.status == .created)
            let offers = try await app.send(.GET, "/api/v1/trade-offers?role=received", token: deal.seller.token).decode(TradeOfferPage.self)
            #expect(offers.items.count == 1)
        }
    }

    @Test("buying a listing declines, in the same step, the pending offers for it and those offering it, and tells each offerer")
    func purchaseDeclinesOffers() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.tradable)
            let carol = try await app.register(name: "Carol")
            let carolsLamp = try await app.createListing(.sample("Lamp"), token: carol.token)
            let forIt = try await offer(app, for: deal.listing.id, [carolsLamp.id], token: carol.token).decode(TradeOffer.self)
            let dave = try await app.register(name: "Dave")
            let davesBike = try await app.createListing(.sample("Bike", openToTrade: true), token: dave.token)
            let offeringIt = try await offer(app, for: davesBike.id, [carolsLamp.id], token: carol.token).decode(TradeOffer.self)
            let unrelated = try await app.createListing(.sample("Kettle", openToTrade: true), token: dave.token)
            let untouched = try await offer(app, for: unrelated.id, [try await app.createListing(.sample("Mug"), token: carol.token).id],
                                            token: carol.token).decode(TradeOffer.self)

            let sale = try await app.purchase(deal.listing.id, token: deal.buyer.token)
            let lampSale = try await app.purchase(carolsLamp.id, token: deal.buyer.token)

            #expect(sale.status == .created && lampSale.status == .created)
            func status(_ id: UUID) async throws -> TradeOfferStatus {
                try await app.send(.GET, "/api/v1/trade-offers/\(id)", token: carol.token).decode(TradeOffer.self).status
            }
            #expect(try await status(forIt.id) == .declined)
            #expect(try await status(offeringIt.id) == .declined)
            #expect(try await status(untouched.id) == .pending)
            let told = try await app.notifications(token: carol.token).items.filter { $0.kind == .tradeOfferDeclined }
            #expect(Set(told.compactMap(\.tradeOfferId)) == [forIt.id, offeringIt.id])
            #expect(told.allSatisfy { $0.message.contains("was bought") })
        }
    }

    @Test("the seller declines, the offerer withdraws; each only their own step, and only while pending")
    func declineAndWithdraw() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.tradable)
            let mine = try await app.createListing(.sample("Physics textbook"), token: deal.buyer.token)
            let first = try await offer(app, for: deal.listing.id, [mine.id], token: deal.buyer.token).decode(TradeOffer.self)
            let second = try await offer(app, for: deal.listing.id, [mine.id], token: deal.buyer.token).decode(TradeOffer.self)

            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(first.id)/decline", token: deal.buyer.token).status == .forbidden)
            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(first.id)/decline", token: deal.seller.token).decode(TradeOffer.self).status == .declined)
            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(first.id)/accept", token: deal.seller.token).status == .conflict)
            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(second.id)/withdraw", token: deal.seller.token).status == .forbidden)
            #expect(try await app.send(.POST, "/api/v1/trade-offers/\(second.id)/withdraw", token: deal.buyer.token).decode(TradeOffer.self).status == .withdrawn)

            let received = try await app.send(.GET, "/api/v1/trade-offers?role=received", token: deal.seller.token).decode(TradeOfferPage.self)
            #expect(received.items.map(\.id) == [second.id, first.id])
            let sentPending = try await app.send(.GET, "/api/v1/trade-offers?role=sent&status=pending", token: deal.buyer.token).decode(TradeOfferPage.self)
            #expect(sentPending.items.isEmpty)
            let stranger = try await app.register()
            #expect(try await app.send(.GET, "/api/v1/trade-offers/\(first.id)", token: stranger.token).status == .notFound)
        }
    }
}
