import MarketCore
import Vapor

/// `GET /api/v1/price-guidance?isbn=&condition=`: what the book sold for on the campus.
struct PriceGuidanceController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("price-guidance", use: guidance)
    }

    func guidance(req: Request) async throws -> PriceGuidance {
        var query = QueryReader(req)
        let isbn = query.string("isbn")
        let condition: ListingCondition? = query.choice("condition")
        try query.check()
        var missing: FieldErrors = [:]
        if isbn == nil { missing["isbn"] = "is required" }
        if condition == nil { missing["condition"] = "is required: one of \(ListingCondition.allCases.map(\.rawValue).joined(separator: ", "))" }
        guard let isbn, let condition, missing.isEmpty else { throw APIError.validation(missing) }
        return try await req.domain.priceGuidance.guidance(isbn: isbn, condition: condition, viewer: req.auth.get(Session.self)?.user)
    }
}
