import MarketCore
import Vapor

/// `/api/v1/me/saved-searches`: searches the caller keeps, to hear of new listings that match.
struct SavedSearchesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let searches = routes.grouped("me", "saved-searches")
        searches.get(use: list)
        searches.post(use: create)
        searches.patch(":searchID", use: rename)
        searches.delete(":searchID", use: delete)
    }

    func list(req: Request) async throws -> [SavedSearch] {
        try await req.domain.savedSearches.list(for: try req.requireUserID())
    }

    func create(req: Request) async throws -> Response {
        let userID = try req.requireUserID()
        let search = try await req.domain.savedSearches.create(try req.jsonBody(SavedSearchInput.self), by: userID)
        return try await search.encodeResponse(status: .created, for: req)
    }

    func rename(req: Request) async throws -> SavedSearch {
        try await req.domain.savedSearches.rename(try req.uuidParameter("searchID"), to: try req.jsonBody(SavedSearchInput.self), by: try req.requireUserID())
    }

    func delete(req: Request) async throws -> HTTPStatus {
        try await req.domain.savedSearches.delete(try req.uuidParameter("searchID"), by: try req.requireUserID())
        return .noContent
    }
}
