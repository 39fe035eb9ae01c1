import MarketCore
import Vapor

/// `/api/v1/me`: the signed-in user's own account.
struct ProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let me = routes.grouped("me")
        me.get(use: show)
        me.patch(use: update)
        me.delete(use: delete)
    }

    func show(req: Request) async throws -> UserProfile {
        try req.requireSession().user.profile()
    }

    func update(req: Request) async throws -> UserProfile {
        let session = try req.requireSession()
        let input = try req.jsonBody(UpdateProfileRequest.self)
        return try await req.domain.accounts.update(session, with: input, clientAddress: req.clientAddress)
    }

    func delete(req: Request) async throws -> HTTPStatus {
        let session = try req.requireSession()
        // No body at all is read as no password, so the answer names the missing field.
        let hasBody = (req.body.data?.readableBytes ?? 0) > 0
        let confirmation = hasBody ? try req.jsonBody(DeleteAccountRequest.self) : DeleteAccountRequest(password: nil)
        try await req.domain.accounts.delete(session, confirmation: confirmation, clientAddress: req.clientAddress)
        return .noContent
    }
}
