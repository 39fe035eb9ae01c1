import MarketCore
import Vapor

/// Passkeys: the ceremonies under `/api/v1/auth/passkeys` (options, then the authenticator's
/// answer) and the account's list under `/api/v1/me/passkeys`.
struct PasskeysController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let ceremonies = routes.grouped("auth", "passkeys")
        ceremonies.post("registration", "options", use: registrationOptions)
        ceremonies.post("registration", use: register)
        ceremonies.post("authentication", "options", use: authenticationOptions)
        ceremonies.post("authentication", use: authenticate)

        let mine = routes.grouped("me", "passkeys")
        mine.get(use: list)
        mine.patch(":passkeyID", use: rename)
        mine.delete(":passkeyID", use: remove)
    }

    func registrationOptions(req: Request) async throws -> PasskeyOptions.Creation {
        try await req.domain.passkeys.creationOptions(for: req.requireSession())
    }

    func register(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let passkey = try await req.domain.passkeys.register(session, req.jsonBody(PasskeyRegistrationRequest.self))
        return try await passkey.encodeResponse(status: .created, for: req)
    }

    func authenticationOptions(req: Request) async throws -> PasskeyOptions.Request {
        try await req.domain.passkeys.requestOptions(clientAddress: req.clientAddress)
    }

    func authenticate(req: Request) async throws -> AuthResponse {
        try await req.domain.passkeys.signIn(req.jsonBody(PasskeySignInRequest.self), logger: req.logger)
    }

    func list(req: Request) async throws -> [Passkey] {
        try await req.domain.passkeys.list(req.requireSession())
    }

    func rename(req: Request) async throws -> Passkey {
        let session = try req.requireSession()
        return try await req.domain.passkeys.rename(session, id: req.uuidParameter("passkeyID"), req.jsonBody(PasskeyRename.self))
    }

    func remove(req: Request) async throws -> HTTPStatus {
        let session = try req.requireSession()
        try await req.domain.passkeys.remove(session, id: req.uuidParameter("passkeyID"))
        return .noContent
    }
}
