import MarketCore
import Vapor

/// Reviews: `POST /orders/{id}/review`, `POST /reviews/{id}/reply`, `GET /users/{id}/reviews`.
struct ReviewsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("orders", ":orderID", "review", use: create)
        routes.post("reviews", ":reviewID", "reply", use: reply)
        routes.get("users", ":userID", "reviews", use: list)
    }

    func create(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let review = try await req.domain.reviews.review(order: try req.uuidParameter("orderID"),
                                                         try req.jsonBody(ReviewRequest.self), by: session.user)
        return try await review.encodeResponse(status: .created, for: req)
    }

    func reply(req: Request) async throws -> Review {
        let session = try req.requireSession()
        return try await req.domain.reviews.reply(to: try req.uuidParameter("reviewID"), try req.jsonBody(ReviewReplyRequest.self), by: session.user)
    }

    func list(req: Request) async throws -> MarketCore.Page<Review> {
        let userID = try req.uuidParameter("userID")
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        // A profile shown only on its campus keeps its reviews there too.
        guard try await req.domain.sellerProfiles.visibleProfile(of: userID, viewer: req.auth.get(Session.self)?.user) != nil else {
            throw APIError.userNotFound
        }
        return try await req.domain.reviews.page(of: userID, limit: limit, after: cursor, viewerID: req.auth.get(Session.self)?.userID)
    }
}
