import MarketCore
import Vapor

/// `/texttrader/register`, `/login`, `/verify` and `/user`: Text Trader's account calls, on the
/// same account rules as the main API. The login token is an ordinary session.
struct TextTraderAccountsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("register", use: register)
        routes.post("login", use: login)
        routes.post("verify", use: verify)
        routes.patch("user", use: updateUser)
        routes.delete("user", use: deleteUser)
    }

    func register(req: Request) async throws -> TextTrader.RegisterResponse {
        let input = try req.jsonBody(TextTrader.RegisterRequest.self)
        let draft = try APIError.draft(input.validated())
        // Confirmed by mail, the same answer for any address (the app's next login waits for the link).
        if req.application.settings.signUpByMail {
            _ = try await req.domain.signUpLinks.request(draft, clientAddress: req.clientAddress)
            return TextTrader.RegisterResponse(username: draft.username ?? draft.email)
        }
        // Registering does not sign in: the app logs in next, as its flow does.
        return try await req.domain.accounts.register(draft, clientAddress: req.clientAddress) { user, _ in
            TextTrader.RegisterResponse(username: user.username ?? user.email)
        }
    }

    func login(req: Request) async throws -> TextTrader.LoginResponse {
        let input = try req.jsonBody(TextTrader.LoginRequest.self)
        let answer = try await renaming(["email": "username"]) {
            try await req.domain.accounts.login(input.mainRequest, clientAddress: req.clientAddress)
        }
        return TextTrader.LoginResponse(user: .init(answer.user), token: answer.token)
    }

    /// 200 `{"verified": true}` when the token is a live session of that user; otherwise 401
    /// `{"verified": false, "message"}` — the same answer whether the token is unknown, expired
    /// or someone else's.
    func verify(req: Request) async throws -> Response {
        let input = try req.jsonBody(TextTrader.VerifyRequest.self)
        var missing = FieldErrors()
        if (input.user?.username ?? "").isEmpty { missing.note("user.username", "is required") }
        if (input.token ?? "").isEmpty { missing.note("token", "is required") }
        try APIError.check(missing)
        let session = try await req.domain.session(for: input.token!)
        let claimed = Self.identifier(input.user!.username!)
        let matches = session.map { $0.user.username == claimed || $0.user.email == claimed } ?? false
        let answer = matches ? TextTrader.VerifyResponse(verified: true)
            : TextTrader.VerifyResponse(verified: false, message: "This token is not a live session of this user. Log in again.")
        return try await answer.encodeResponse(status: matches ? .ok : .unauthorized, for: req)
    }

    func updateUser(req: Request) async throws -> TextTrader.User {
        let session = try req.requireSession()
        let input = try req.jsonBody(TextTrader.UserUpdate.self)
        let profile = try await renaming(TextTrader.UserUpdate.fieldNames) {
            try await req.domain.accounts.update(session, with: input.mainRequest, clientAddress: req.clientAddress)
        }
        return TextTrader.User(profile)
    }

    func deleteUser(req: Request) async throws -> HTTPStatus {
        let session = try req.requireSession()
        let input = try req.jsonBody(TextTrader.UserDeletion.self)
        try await req.domain.accounts.delete(session, confirmation: DeleteAccountRequest(password: input.password), clientAddress: req.clientAddress)
        return .noContent
    }

    /// Usernames and emails are both compared lower-cased and trimmed.
    private static func identifier(_ text: String) -> String { AccountRules.normalizeEmail(text) }
}

/// Runs `body`, naming the fields of its validation errors as a contract's body names them.
func renaming<T>(_ names: [String: String], _ body: () async throws -> T) async throws -> T {
    do {
        return try await body()
    } catch let error as APIError {
        throw error.renamingFields(names)
    }
}

extension TextTrader.User {
    init(_ profile: UserProfile) {
        self.init(username: profile.username ?? profile.email, name: profile.name)
    }
}
