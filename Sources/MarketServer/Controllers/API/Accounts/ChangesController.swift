import MarketCore
import Vapor

/// `/api/v1/me/changes`: what changed for the caller since a cursor (`AccountChanges`).
struct ChangesController: RouteCollection {
    /// A page is ids and times, small: an app back from a week away asks few times.
    static let defaultLimit = 200
    static let maxLimit = 500

    func boot(routes: any RoutesBuilder) throws {
        routes.get("me", "changes", use: list)
    }

    func list(req: Request) async throws -> AccountChangePage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let since = query.token("since", as: ChangeCursor.self)
        let limit = query.integer("limit", in: 1...Self.maxLimit) ?? Self.defaultLimit
        try query.check()
        return try await req.domain.accountChanges.page(for: userID, since: since, limit: limit)
    }
}
