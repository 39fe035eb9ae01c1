import Fluent
import MarketCore
import Vapor

/// `/api/v1/users/{userID}`: a seller's public profile.
struct UsersController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("users", ":userID", use: show)
    }

    func show(req: Request) async throws -> SellerSummary {
        let id = try req.uuidParameter("userID")
        guard let user = try await User.find(id, on: req.db), user.deletedAt == nil else {
            throw APIError(.notFound, code: "user_not_found", message: "There is no user with this id.")
        }
        let active = try await Listing.query(on: req.db).filter(\.$seller.$id == id)
            .filter(\.$status == ListingStatus.active.rawValue).count()
        return SellerSummary(id: id, name: user.name, campus: user.campus, memberSince: user.createdAt,
                             activeListingsCount: active, contact: req.auth.has(Session.self) ? user.contact : nil)
    }
}
