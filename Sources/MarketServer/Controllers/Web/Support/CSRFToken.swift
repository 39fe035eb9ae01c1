import Crypto
import Foundation
import MarketCore
import Vapor

/// Cross-site request forgery protection for the web app's forms. Every state-changing form
/// carries a token only this site's pages can know: an HMAC of the visitor's session token
/// (signed in) or of a random pre-session cookie (signed out: the sign-in and sign-up forms).
/// A form posted without it, or with another visitor's, is refused with 403. Each page carries it
/// masked with fresh random bytes (`masked`), so no two pages hold the same string: a compressed
/// page cannot be made to reveal it byte by byte (BREACH), yet every page's token is accepted.
enum CSRFToken {
    static let field = "csrf"
    static let anonymousCookie = "cm_presession"

    /// The token for this visitor. Signed-out visitors get a pre-session cookie on first sight,
    /// but for a page every signed-out visitor shares (`ConditionalGet`): it has no form for
    /// them, and a cookie set on it would keep a proxy from reusing it.
    static func token(for req: Request) -> String {
        if !req.auth.has(Session.self), req.storage[SharedPage.self] == true { return "" }
        return masked(mac(of: secret(for: req) ?? ensureAnonymousSecret(req)))
    }

    /// Set on a request for a page every signed-out visitor is given alike.
    struct SharedPage: StorageKey { typealias Value = Bool }

    static func isValid(_ presented: String?, for req: Request) -> Bool {
        guard let presented, let secret = secret(for: req), let unmasked = unmasked(presented) else { return false }
        return ConstantTime.equal(Base64URL.encode(unmasked), mac(of: secret))
    }

    /// The MAC's bytes after random ones, XORed with them: a new string every time.
    private static func masked(_ mac: String) -> String {
        guard let bytes = Base64URL.decode(mac).map({ [UInt8]($0) }) else { return mac }
        let pad = (0..<bytes.count).map { _ in UInt8.random(in: 0...255) }
        return Base64URL.encode(pad + zip(pad, bytes).map { $0 ^ $1 })
    }

    private static func unmasked(_ token: String) -> [UInt8]? {
        guard let bytes = Base64URL.decode(token).map({ [UInt8]($0) }), bytes.count.isMultiple(of: 2), !bytes.isEmpty else { return nil }
        let half = bytes.count / 2
        return zip(bytes[..<half], bytes[half...]).map { $0 ^ $1 }
    }

    private static func secret(for req: Request) -> String? {
        if req.auth.has(Session.self), let token = req.cookies[WebSessionCookie.name]?.string { return token }
        if let pending = req.storage[PendingSecret.self] { return pending }
        guard let cookie = req.cookies[anonymousCookie]?.string, !cookie.isEmpty else { return nil }
        return cookie
    }

    private static func ensureAnonymousSecret(_ req: Request) -> String {
        let secret = Base64URL.randomToken()
        req.storage[PendingSecret.self] = secret  // written as a cookie by CSRFMiddleware
        return secret
    }

    private static func mac(of secret: String) -> String {
        let code = HMAC<SHA256>.authenticationCode(for: Data("campusmarket-csrf".utf8), using: SymmetricKey(data: Data(secret.utf8)))
        return Base64URL.encode(Array(code))
    }

    /// A pre-session secret made while rendering this response.
    struct PendingSecret: StorageKey { typealias Value = String }

    static func setPendingCookie(on response: Response, for req: Request) {
        guard let secret = req.storage[PendingSecret.self] else { return }
        response.cookies[anonymousCookie] = HTTPCookies.Value(
            string: secret, path: "/", isSecure: req.isHTTPS, isHTTPOnly: true, sameSite: .lax)
    }
}
