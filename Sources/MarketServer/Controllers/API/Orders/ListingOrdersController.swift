import MarketCore
import Vapor

/// What can be done to someone else's listing: buy it, rent it, offer a trade for it, and see
/// when it is booked.
struct ListingOrdersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let listing = routes.grouped("listings", ":listingID")
        listing.post("purchase", use: purchase)
        listing.post("rentals", use: rent)
        listing.get("availability", use: availability)
        listing.post("trade-offers", use: offerTrade)
    }

    func purchase(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let body = try req.jsonBody(PurchaseRequest.self)
        let (order, listing) = try await req.domain.purchases.purchase(try req.uuidParameter("listingID"), body, by: session.user)
        return try await OrderPresenter.presentNew(order, listing: listing, buyerName: session.user.name).encodeResponse(status: .created, for: req)
    }

    func rent(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let body = try req.jsonBody(RentalRequest.self)
        let (order, listing) = try await req.domain.rentals.rent(try req.uuidParameter("listingID"), body, by: session.user)
        return try await OrderPresenter.presentNew(order, listing: listing, buyerName: session.user.name).encodeResponse(status: .created, for: req)
    }

    /// Booked periods within `from`..`to` (the service sets the defaults and the longest window).
    func availability(req: Request) async throws -> Availability {
        let listingID = try req.uuidParameter("listingID")
        var query = QueryReader(req)
        let from = query.date("from"), to = query.date("to")
        try query.check()
        return try await req.domain.rentals.availability(listingID, from: from, to: to, viewer: req.auth.get(Session.self)?.user)
    }

    func offerTrade(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let body = try req.jsonBody(TradeOfferRequest.self)
        let offer = try await req.domain.tradeOffers.offer(for: try req.uuidParameter("listingID"), body, by: session.user)
        return try await req.domain.tradeOfferPresenter.present(offer).encodeResponse(status: .created, for: req)
    }
}
