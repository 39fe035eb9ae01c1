import Fluent
import MarketCore
import Vapor

/// `/api/v1/users/{userID}`: a seller's public profile.
struct UsersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("users", ":userID", use: show)
    }

    func show(req: Request) async throws -> SellerSummary {
        let profile = try await req.domain.sellerProfiles
            .visibleProfile(of: try await req.uuidParameter("userID") { try await req.domain.sellerProfiles.userID(prefix: $0) },
                            viewer: req.auth.get(Session.self)?.user)
        guard let profile else {
            throw APIError.userNotFound
        }
        return profile
    }
}
