import MarketCore
import Vapor

/// Sign up, sign in and sign out in the browser. The same `AccountService` calls as the API;
/// the session is a cookie holding an API token.
struct AuthPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("signin", use: signInPage)
        routes.post("signin", use: signIn)
        routes.get("signup", use: signUpPage)
        routes.post("signup", use: signUp)
        routes.get("signup", "confirm", use: confirmSignUpPage)
        routes.post("signup", "confirm", use: confirmSignUp)
        routes.post("signout", use: signOut)
    }

    struct SignInContent: Encodable {
        var fields: [FormField]
        var next: String
        var formError: Phrase?
        /// Whether to show "Sign in with Apple" (`APPLE_WEB_SERVICES_ID` is set).
        var appleEnabled: Bool
    }

    struct SignInForm: Content {
        var identifier: String?
        var password: String?
        var next: String?
    }

    func signInPage(req: Request) async throws -> Response {
        if req.auth.has(Session.self) { return req.redirect(to: "/") }
        return try await renderSignIn(req, identifier: "", next: req.queryValues["next"] ?? "/")
    }

    func signIn(req: Request) async throws -> Response {
        let form = try req.formBody(SignInForm.self)
        let identifier = form.identifier?.trimmingCharacters(in: .whitespaces) ?? ""
        let login = LoginRequest(login: identifier, password: form.password)
        do {
            let auth = try await req.domain.accounts.login(login, clientAddress: req.clientAddress)
            let response = req.seeOther(Self.safeNext(form.next), notice: .signedIn)
            WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
            return response
        } catch let error as APIError where error.status == .unprocessableEntity {
            let fields = (error.fields ?? [:]).renamed(["email": "identifier", "username": "identifier"])
            return try await renderSignIn(req, identifier: identifier, next: form.next ?? "/", errors: fields, status: .unprocessableEntity)
        } catch let error as APIError where error.status == .unauthorized || error.status == .tooManyRequests {
            return try await renderSignIn(req, identifier: identifier, next: form.next ?? "/", formError: error.message, status: error.status)
                .retryingAfter(error)
        }
    }

    private func renderSignIn(_ req: Request, identifier: String, next: String, errors: FieldErrors = [:],
                              formError: Phrase? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let fields = [
            FormField("identifier", "Email or username", value: identifier, errors: errors, autocomplete: "username"),
            FormField("password", "Password", kind: "password", errors: errors, autocomplete: "current-password"),
        ]
        return try await req.renderPage("signin", title: "Sign in",
                                        SignInContent(fields: fields, next: Self.safeNext(next), formError: formError,
                                                      appleEnabled: req.application.settings.appleWebServicesID != nil),
                                        status: status)
    }

    struct SignUpContent: Encodable {
        var fields: [FormField]
        var formError: Phrase?
        var appleEnabled: Bool
        /// "We mailed a link to…" (`SIGNUP_BY_MAIL`): the form is done.
        var mailed: String?
    }

    struct SignUpConfirmContent: Encodable {
        var token: String?
        var formError: Phrase?
        var fields: [FormField] = []
    }

    private static func confirmFields(_ errors: FieldErrors = [:]) -> [FormField] {
        [FormField("password", "The password you chose", kind: "password", errors: errors,
                   hint: "So that only the person who signed up can finish.", autocomplete: "current-password")]
    }

    /// The mailed link opens a page whose button creates the account: a mail scanner that
    /// follows links creates nothing.
    func confirmSignUpPage(req: Request) async throws -> Response {
        var query = QueryReader(req)
        return try await req.renderPage("signup-confirm", title: "Finish creating your account",
                                        SignUpConfirmContent(token: query.string("token").flatMap { $0.isEmpty ? nil : $0 }, fields: Self.confirmFields()))
    }

    func confirmSignUp(req: Request) async throws -> Response {
        struct Form: Content { var token: String?; var password: String? }
        let form = try req.formBody(Form.self)
        let token = form.token ?? ""
        do {
            let auth = try await req.domain.signUpLinks.confirm(SignUpConfirmation(token: token, password: form.password))
            let response = req.seeOther("/", notice: .welcome)
            WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
            return response
        } catch let error as APIError where error.fields?["password"] != nil {
            // The link still works: ask again, beside the field.
            return try await req.renderPage("signup-confirm", title: "Finish creating your account",
                                            SignUpConfirmContent(token: token, fields: Self.confirmFields(error.fields ?? [:])), status: error.status)
        } catch let error as APIError where error.status.code < 500 {
            return try await req.renderPage("signup-confirm", title: "Finish creating your account",
                                            SignUpConfirmContent(token: nil, formError: error.message), status: error.status)
        }
    }

    func signUpPage(req: Request) async throws -> Response {
        if req.auth.has(Session.self) { return req.redirect(to: "/") }
        return try await renderSignUp(req, RegisterRequest(email: nil, password: nil, name: nil, username: nil))
    }

    func signUp(req: Request) async throws -> Response {
        let form = try req.formBody(RegisterRequest.self)
        let input = RegisterRequest(email: form.email, password: form.password, name: form.name,
                                    username: form.username.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 })
        do {
            if req.application.settings.signUpByMail {
                let mailed = try await req.domain.signUpLinks.request(input, clientAddress: req.clientAddress)
                return try await renderSignUp(req, input, mailed: mailed.message)
            }
            let auth = try await req.domain.accounts.register(input, clientAddress: req.clientAddress)
            let response = req.seeOther("/", notice: .welcome)
            WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
            return response
        } catch let error as APIError where error.fields != nil {
            return try await renderSignUp(req, input, errors: error.fields ?? [:], status: error.status)
        }
    }

    private func renderSignUp(_ req: Request, _ input: RegisterRequest, errors: FieldErrors = [:], mailed: String? = nil,
                              status: HTTPResponseStatus = .ok) async throws -> Response {
        let fields = [
            FormField("name", "Your name", value: input.name, errors: errors, autocomplete: "name"),
            FormField("email", "Campus email", kind: "email", value: input.email, errors: errors, autocomplete: "email"),
            FormField("username", "Username (optional)", value: input.username, errors: errors,
                      hint: "Letters, digits and underscores; you can sign in with it.", autocomplete: "username"),
            FormField("password", "Password", kind: "password", errors: errors,
                      hint: "At least \(AccountRules.passwordMinLength) characters.", autocomplete: "new-password"),
        ]
        return try await req.renderPage("signup", title: "Create your account", SignUpContent(fields: fields, appleEnabled: req.application.settings.appleWebServicesID != nil, mailed: mailed), status: status)
    }

    func signOut(req: Request) async throws -> Response {
        if let session = req.auth.get(Session.self) { try await req.domain.accounts.logout(session) }
        let response = req.seeOther("/", notice: .signedOut)
        WebSessionCookie.clear(on: response, for: req)
        // What this browser kept of the account goes too: pages the offline worker holds (sw.js,
        // which also empties them itself) and private pages in the HTTP cache.
        response.headers.replaceOrAdd(name: "Clear-Site-Data", value: #""cache", "storage""#)
        return response
    }

    /// Only a path on this site: `next=https://evil.example` must not become an open redirect.
    static func safeNext(_ next: String?) -> String { LocalRedirect.path(next) }
}
