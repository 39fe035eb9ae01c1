import MarketCore
import Vapor

/// The web app's passkey ceremonies, called by `passkeys.js` with the page's CSRF token: the
/// same `PasskeyService` calls as `/api/v1/auth/passkeys`, with the session in the cookie.
/// Renaming and removing are plain forms on the profile (`ProfilePagesController`).
struct PasskeyPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("profile", "passkeys", "options", use: creationOptions)
        routes.post("profile", "passkeys", use: register)
        routes.post("signin", "passkey", "options", use: requestOptions)
        routes.post("signin", "passkey", use: signIn)
    }

    /// Where the script sends the browser next.
    struct Next: Content {
        var redirect: String
    }

    struct SignInBody: Decodable {
        var credential: PasskeyCredential<AssertionResponse>?
        var next: String?
    }

    func creationOptions(req: Request) async throws -> PasskeyOptions.Creation {
        try await req.domain.passkeys.creationOptions(for: req.requireWebSession())
    }

    func register(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        _ = try await req.domain.passkeys.register(session, req.jsonBody(PasskeyRegistrationRequest.self))
        let response = try await Next(redirect: "/profile").encodeResponse(for: req)
        Notice.passkeyAdded.carry(on: response, for: req)
        return response
    }

    func requestOptions(req: Request) async throws -> PasskeyOptions.Request {
        try await req.domain.passkeys.requestOptions(clientAddress: req.clientAddress)
    }

    func signIn(req: Request) async throws -> Response {
        let body = try req.jsonBody(SignInBody.self)
        let auth = try await req.domain.passkeys.signIn(PasskeySignInRequest(credential: body.credential), logger: req.logger)
        let response = try await Next(redirect: AuthPagesController.safeNext(body.next)).encodeResponse(for: req)
        Notice.signedIn.carry(on: response, for: req)
        WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
        return response
    }
}
