import Crypto
import Foundation
import MarketCore
import Vapor

/// Sign in with Apple on the web, by Apple's redirect flow: a button posts here, the browser
/// goes to Apple with a state and the hash of a single-use nonce, and Apple posts the identity
/// token back to `/signin/apple/callback`. That post comes from Apple's site, so it carries no
/// SameSite=Lax cookie and no CSRF token: a cookie made for it (`SameSite=None`, HttpOnly,
/// 10 minutes) holds the state and the raw nonce, so only the browser that started the flow
/// can finish it. Linking from the profile is the same flow with a nonce that names the account.
struct AppleWebFlowController: RouteCollection {
    static let authorizeURL = "https://appleid.apple.com/auth/authorize"
    static let callbackPath = "/signin/apple/callback"
    static let stateCookie = "cm_apple_flow"

    /// The start and the profile's link and unlink (forms, under the CSRF check).
    func boot(routes: any RoutesBuilder) throws {
        routes.post("signin", "apple", use: start)
        routes.post("profile", "apple", "link", use: startLink)
        routes.post("profile", "apple", "unlink", use: unlink)
    }

    /// Apple's answer, registered outside the CSRF check: the flow cookie is its check.
    struct Callback: RouteCollection {
        func boot(routes: any RoutesBuilder) throws {
            routes.post("signin", "apple", "callback", use: AppleWebFlowController().finish)
        }
    }

    func start(req: Request) async throws -> Response {
        let servicesID = try req.requireAppleWebServicesID()
        return try await redirectToApple(req, servicesID: servicesID, nonce: req.domain.appleSignIn.issueNonce(clientAddress: req.clientAddress))
    }

    func startLink(req: Request) async throws -> Response {
        let servicesID = try req.requireAppleWebServicesID()
        let session = try req.requireWebSession()
        return try await redirectToApple(req, servicesID: servicesID, nonce: req.domain.appleSignIn.issueNonce(linking: session.userID, clientAddress: req.clientAddress))
    }

    func unlink(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try req.requireAppleSignIn()
        do {
            _ = try await req.domain.appleSignIn.unlink(session)
            return req.seeOther("/profile", notice: .appleUnlinked)
        } catch let error as APIError where error.status == .conflict {
            return try await Self.failure(req, error)
        }
    }

    struct CallbackForm: Content {
        var state: String?
        var id_token: String?
        /// JSON Apple sends on the first authorization only: `{"name":{"firstName","lastName"},"email"}`.
        var user: String?
        var error: String?
    }

    func finish(req: Request) async throws -> Response {
        _ = try req.requireAppleWebServicesID()
        let form = try req.formBody(CallbackForm.self)
        let flow = (req.cookies[Self.stateCookie]?.string ?? "").split(separator: ".").map(String.init)
        let response: Response
        do {
            guard flow.count == 2, let state = form.state, ConstantTime.equal(state, flow[0]) else {
                throw APIError(.badRequest, code: "apple_flow_unknown",
                               message: "This Apple sign-in did not start in this browser, or took longer than 10 minutes. Start again.")
            }
            if form.error != nil {
                throw APIError(.badRequest, code: "apple_cancelled", message: "Sign in with Apple was cancelled. Nothing was changed.")
            }
            let identity = try await AppleIdentityVerifier(request: req).verify(form.id_token ?? "")
            switch try await req.domain.appleSignIn.finishWebFlow(identity, nonce: flow[1], name: Self.name(in: form.user)) {
            case .signedIn(let auth, let created):
                response = req.seeOther("/", notice: created ? .welcome : .signedIn)
                WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
            case .linked:
                response = req.seeOther("/profile", notice: .appleLinked)
            }
        } catch let error as APIError where error.status.code < 500 {
            response = try await Self.failure(req, error)
        }
        response.cookies[Self.stateCookie] = Self.flowCookie("", on: req, maxAge: 0)
        return response
    }

    // MARK: - Helpers

    private func redirectToApple(_ req: Request, servicesID: String, nonce: AppleNonce) async throws -> Response {
        let state = Base64URL.randomToken()
        var url = URLComponents(string: Self.authorizeURL)!
        url.queryItems = [
            URLQueryItem(name: "client_id", value: servicesID),
            URLQueryItem(name: "redirect_uri", value: req.application.settings.publicURL + Self.callbackPath),
            URLQueryItem(name: "response_type", value: "code id_token"),
            URLQueryItem(name: "response_mode", value: "form_post"),
            URLQueryItem(name: "scope", value: "name email"),
            URLQueryItem(name: "state", value: state),
            URLQueryItem(name: "nonce", value: SessionTokens.hash(nonce.nonce)),
        ]
        let response = req.redirect(to: url.string!, redirectType: .normal)
        response.cookies[Self.stateCookie] = Self.flowCookie(state + "." + nonce.nonce, on: req, maxAge: Int(AppleSignInService.nonceLifetime))
        return response
    }

    /// Sent back with Apple's cross-site post: SameSite=None, so Secure (browsers allow that on
    /// http://localhost), and only to the callback.
    private static func flowCookie(_ value: String, on req: Request, maxAge: Int) -> HTTPCookies.Value {
        HTTPCookies.Value(string: value, maxAge: maxAge, path: callbackPath, isSecure: true, isHTTPOnly: true, sameSite: HTTPCookies.SameSitePolicy.none)
    }

    private static func failure(_ req: Request, _ error: APIError) async throws -> Response {
        try await req.renderPage("error", title: "Sign in with Apple",
                                 WebErrorPage.Content(status: Int(error.status.code), heading: "Sign in with Apple did not work",
                                                      message: error.message), status: error.status)
    }

    /// "Ada Lovelace" from Apple's first-time `user` JSON.
    static func name(in user: String?) -> String? {
        struct AppleUser: Decodable {
            struct Name: Decodable { var firstName: String?; var lastName: String? }
            var name: Name?
        }
        guard let data = user?.data(using: .utf8), let decoded = try? JSONDecoder().decode(AppleUser.self, from: data) else { return nil }
        let name = [decoded.name?.firstName, decoded.name?.lastName].compactMap { $0 }.joined(separator: " ")
        let normalized = AccountRules.normalizeName(name)
        return normalized.isEmpty || AccountRules.nameProblem(normalized) != nil ? nil : normalized
    }
}
