import MarketCore
import Vapor

/// `/api/v1/me/favorites`: the listings the caller saved.
struct FavoritesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let favorites = routes.grouped("me", "favorites")
        favorites.get(use: list)
        favorites.put(":listingID", use: save)
        favorites.delete(":listingID", use: remove)
    }

    func list(req: Request) async throws -> FavoritePage {
        let session = try req.requireSession()
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.favorites.page(for: session.user, limit: limit, after: cursor)
    }

    func save(req: Request) async throws -> Favorite {
        try await req.domain.favorites.save(try req.uuidParameter("listingID"), by: try req.requireSession().user)
    }

    func remove(req: Request) async throws -> HTTPStatus {
        try await req.domain.favorites.remove(try req.uuidParameter("listingID"), by: try req.requireUserID())
        return .noContent
    }
}
