import Vapor

/// The web app's session: an HttpOnly, SameSite=Lax cookie holding the same kind of bearer
/// token the API issues (stored only as its SHA-256, revoked on sign-out). Browsers send it
/// with same-site requests and top-level navigations only; CSRF tokens cover the rest.
enum WebSessionCookie {
    static let name = "cm_session"

    static func set(_ token: String, expiresAt: Date, on response: Response, for req: Request) {
        response.cookies[name] = HTTPCookies.Value(
            string: token, expires: expiresAt, path: "/", isSecure: req.isHTTPS, isHTTPOnly: true, sameSite: .lax)
    }

    static func clear(on response: Response, for req: Request) {
        response.cookies[name] = HTTPCookies.Value(
            string: "", expires: Date(timeIntervalSince1970: 0), maxAge: 0, path: "/", isSecure: req.isHTTPS,
            isHTTPOnly: true, sameSite: .lax)
    }
}

/// Signs a web page's request in from its session cookie (API requests use bearer tokens only). A missing, expired or revoked token leaves
/// it signed out; pages that need a person send them to the sign-in page.
/// Future-based: a task only to look a session up, not for every request (why: `SecurityHeadersMiddleware`).
struct WebSessionAuthenticator: Middleware {
    func respond(to req: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        guard req.isWebPage, let token = req.cookies[WebSessionCookie.name]?.string, !token.isEmpty else {
            return next.respond(to: req)
        }
        return req.eventLoop.makeFutureWithTask {
            if let session = try await req.domain.session(for: token) { req.auth.login(session) }
        }.flatMap { next.respond(to: req) }
    }
}

extension Request {
    /// Served over TLS, directly or (when the operator says a proxy of theirs sets it) behind one.
    var isHTTPS: Bool {
        if url.scheme == "https" { return true }
        return application.settings.trustForwardedFor && headers.first(name: "X-Forwarded-Proto") == "https"
    }
}
