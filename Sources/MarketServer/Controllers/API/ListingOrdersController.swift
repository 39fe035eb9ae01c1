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
        let order = try await req.purchases.purchase(try req.uuidParameter("listingID"), body, by: session.user)
        return try await req.orderPresenter.present(order, for: session.user.requireID()).encodeResponse(status: .created, for: req)
    }

    func rent(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let body = try req.jsonBody(RentalRequest.self)
        let order = try await req.rentals.rent(try req.uuidParameter("listingID"), body, by: session.user)
        return try await req.orderPresenter.present(order, for: session.user.requireID()).encodeResponse(status: .created, for: req)
    }

    /// Booked periods within `from`..`to` (default: the next 90 days; at most a year and a bit).
    func availability(req: Request) async throws -> Availability {
        let listingID = try req.uuidParameter("listingID")
        var query = QueryReader(req)
        let from = query.date("from") ?? req.now
        let to = query.date("to") ?? from.addingTimeInterval(90 * 86_400)
        try query.check()
        if to <= from { throw APIError.validation(["to": "must be after from"]) }
        if to.timeIntervalSince(from) > 400 * 86_400 { throw APIError.validation(["to": "must be at most 400 days after from"]) }
        return try await req.rentals.availability(listingID, from: from, to: to)
    }

    func offerTrade(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let body = try req.jsonBody(TradeOfferRequest.self)
        let offer = try await req.tradeOffers.offer(for: try req.uuidParameter("listingID"), body, by: session.user)
        return try await req.tradeOfferPresenter.present(offer).encodeResponse(status: .created, for: req)
    }
}
