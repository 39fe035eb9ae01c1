import MarketCore
import Vapor

/// `/api/v1/meetup-spots` and `/api/v1/orders/{id}/meetup[/accept]`: the operator's safe
/// spots, and where and when a pickup order's two sides meet.
struct MeetupsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("meetup-spots", use: spots)
        routes.post("orders", ":orderID", "meetup", use: propose)
        routes.post("orders", ":orderID", "meetup", "accept", use: accept)
    }

    /// Every spot, or one campus's (`?campus=`: its own and those for every campus).
    func spots(req: Request) async throws -> [MeetupSpot] {
        var query = QueryReader(req)
        let campus = query.string("campus")
        try query.check()
        return req.domain.meetups.spots(for: campus)
    }

    func propose(req: Request) async throws -> MarketCore.Order {
        let session = try req.requireSession()
        let order = try await req.domain.meetups.propose(try req.jsonBody(MeetupRequest.self), on: try req.uuidParameter("orderID"), by: session.user)
        return try await req.domain.orderPresenter.present(order, for: session.userID)
    }

    func accept(req: Request) async throws -> MarketCore.Order {
        let session = try req.requireSession()
        let order = try await req.domain.meetups.accept(try req.jsonBody(MeetupRequest.self), on: try req.uuidParameter("orderID"), by: session.user)
        return try await req.domain.orderPresenter.present(order, for: session.userID)
    }
}
