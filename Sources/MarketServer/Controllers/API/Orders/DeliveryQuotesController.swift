import MarketCore
import Vapor

/// `/api/v1/delivery/quotes`: a priced delivery for a listing, which a purchase may cite once.
struct DeliveryQuotesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("delivery", "quotes", use: create)
    }

    func create(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let quote = try await req.domain.deliveryQuotes.quote(try req.jsonBody(DeliveryQuoteRequest.self), for: session.user)
        return try await quote.encodeResponse(status: .created, for: req)
    }
}
