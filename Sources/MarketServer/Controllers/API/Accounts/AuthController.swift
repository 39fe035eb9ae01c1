import MarketCore
import Vapor

/// `/api/v1/auth`: register, sign in, sign out, and the Expense Tracker status call.
struct AuthController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let auth = routes.grouped("auth")
        auth.post("register", use: register)
        auth.post("register", "confirm", use: confirmRegistration)
        auth.post("login", use: login)
        auth.post("logout", use: logout)
        auth.get("status", use: status)
        auth.post("password-reset", use: requestPasswordReset)
        auth.post("password-reset", "confirm", use: confirmPasswordReset)
        auth.post("apple", "nonce", use: appleNonce)
        auth.post("apple", use: appleSignIn)
    }

    func appleNonce(req: Request) async throws -> Response {
        try req.requireAppleSignIn()
        return try await req.domain.appleSignIn.issueNonce(clientAddress: req.clientAddress).encodeResponse(status: .created, for: req)
    }

    /// 201 with a session for a new account, 200 for one already linked to this Apple ID.
    func appleSignIn(req: Request) async throws -> Response {
        try req.requireAppleSignIn()
        let input = try APIError.draft(req.jsonBody(AppleSignInRequest.self).validated())
        let identity = try await AppleIdentityVerifier(request: req).verify(input.identityToken)
        let result = try await req.domain.appleSignIn.signIn(identity, nonce: input.nonce, name: input.name)
        return try await result.answer.encodeResponse(status: result.created ? .created : .ok, for: req)
    }

    /// Always 202 with the same words: whether an account uses the address is not told.
    func requestPasswordReset(req: Request) async throws -> Response {
        let input = try req.jsonBody(PasswordResetRequest.self)
        try await req.domain.passwordResets.request(input, clientAddress: req.clientAddress)
        return try await PasswordResetService.accepted.encodeResponse(status: .accepted, for: req)
    }

    func confirmPasswordReset(req: Request) async throws -> AuthResponse {
        try await req.domain.passwordResets.confirm(try req.jsonBody(PasswordResetConfirmation.self))
    }

    /// 201 signed in; with `SIGNUP_BY_MAIL` on, 202 "we mailed a link", whatever the address.
    func register(req: Request) async throws -> Response {
        let input = try req.jsonBody(RegisterRequest.self)
        if req.application.settings.signUpByMail {
            return try await req.domain.signUpLinks.request(input, clientAddress: req.clientAddress).encodeResponse(status: .accepted, for: req)
        }
        let result = try await req.domain.accounts.register(input, clientAddress: req.clientAddress)
        return try await result.encodeResponse(status: .created, for: req)
    }

    func confirmRegistration(req: Request) async throws -> Response {
        let auth = try await req.domain.signUpLinks.confirm(try req.jsonBody(SignUpConfirmation.self))
        return try await auth.encodeResponse(status: .created, for: req)
    }

    func login(req: Request) async throws -> AuthResponse {
        let input = try req.jsonBody(LoginRequest.self)
        return try await req.domain.accounts.login(input, clientAddress: req.clientAddress)
    }

    func logout(req: Request) async throws -> HTTPStatus {
        try await req.domain.accounts.logout(req.requireSession())
        return .noContent
    }

    func status(req: Request) async throws -> AuthStatus {
        AuthStatus(isAuthenticated: req.auth.has(Session.self))
    }
}
