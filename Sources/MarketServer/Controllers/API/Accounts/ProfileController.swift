import MarketCore
import Vapor

/// `/api/v1/me`: the signed-in user's own account.
struct ProfileController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let me = routes.grouped("me")
        me.get(use: show)
        me.patch(use: update)
        me.delete(use: delete)
        me.get("export", use: export)
        me.post("apple", use: linkApple)
        me.delete("apple", use: unlinkApple)
    }

    /// Links Sign in with Apple to this account (the way to join an Apple ID whose email an
    /// account already uses: never merged on its own).
    func linkApple(req: Request) async throws -> UserProfile {
        let session = try req.requireSession()
        try req.requireAppleSignIn()
        let input = try APIError.draft(req.jsonBody(AppleSignInRequest.self).validated())
        let identity = try await AppleIdentityVerifier(request: req).verify(input.identityToken)
        return try await req.domain.appleSignIn.link(session.user, identity: identity, nonce: input.nonce)
    }

    func unlinkApple(req: Request) async throws -> UserProfile {
        let session = try req.requireSession()
        try req.requireAppleSignIn()
        return try await req.domain.appleSignIn.unlink(session)
    }

    func show(req: Request) async throws -> UserProfile {
        try req.domain.trust.profile(of: req.requireSession().user)
    }

    /// Everything the account holds, as one JSON document to keep (never cached on the way).
    func export(req: Request) async throws -> Response {
        let archive = try await req.domain.accountExporter.export(try req.requireSession(), clientAddress: req.clientAddress)
        let response = try await archive.encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
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
