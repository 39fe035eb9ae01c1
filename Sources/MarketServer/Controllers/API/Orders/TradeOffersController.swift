import MarketCore
import Vapor

/// `/api/v1/trade-offers`: offers you received or sent, and deciding on them.
struct TradeOffersController: RouteCollection {
    enum Side: String, CaseIterable { case received, sent }

    func boot(routes: any RoutesBuilder) throws {
        let offers = routes.grouped("trade-offers")
        offers.get(use: list)
        offers.get(":offerID", use: show)
        offers.post(":offerID", "accept", use: accept)
        offers.post(":offerID", "decline", use: decline)
        offers.post(":offerID", "withdraw", use: withdraw)
    }

    func list(req: Request) async throws -> TradeOfferPage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let side: Side = query.choice("role") ?? .received
        let status: TradeOfferStatus? = query.choice("status")
        let listingID = query.uuid("listingId")
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.tradeOfferPresenter.list(for: userID, received: side == .received, status: status,
                                                      listingID: listingID, limit: limit, after: cursor)
    }

    func show(req: Request) async throws -> TradeOffer {
        let offer = try await req.domain.tradeOffers.offer(try req.uuidParameter("offerID"), for: try req.requireUserID())
        return try await req.domain.tradeOfferPresenter.present(offer)
    }

    func accept(req: Request) async throws -> TradeOffer {
        let offer = try await req.domain.tradeOffers.accept(try req.uuidParameter("offerID"), by: try req.requireSession().user)
        return try await req.domain.tradeOfferPresenter.present(offer)
    }

    func decline(req: Request) async throws -> TradeOffer {
        let offer = try await req.domain.tradeOffers.decline(try req.uuidParameter("offerID"), by: try req.requireSession().user)
        return try await req.domain.tradeOfferPresenter.present(offer)
    }

    func withdraw(req: Request) async throws -> TradeOffer {
        let offer = try await req.domain.tradeOffers.withdraw(try req.uuidParameter("offerID"), by: try req.requireSession().user)
        return try await req.domain.tradeOfferPresenter.present(offer)
    }
}
