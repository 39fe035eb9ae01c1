import MarketCore
import Vapor

/// `/api/v1/users/{id}/block` and `/api/v1/blocks`: who the caller has blocked.
struct BlocksController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("users", ":userID", "block", use: block)
        routes.delete("users", ":userID", "block", use: unblock)
        routes.get("blocks", use: list)
    }

    func block(req: Request) async throws -> BlockedUser {
        try await req.domain.blocks.block(try req.uuidParameter("userID"), by: try req.requireUserID())
    }

    func unblock(req: Request) async throws -> HTTPStatus {
        try await req.domain.blocks.unblock(try req.uuidParameter("userID"), by: try req.requireUserID())
        return .noContent
    }

    func list(req: Request) async throws -> BlockList {
        try await req.domain.blocks.list(for: try req.requireUserID())
    }
}
