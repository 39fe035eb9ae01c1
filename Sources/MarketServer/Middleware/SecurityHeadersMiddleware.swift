import Vapor

/// Headers every response carries, errors and photos included. `nosniff` stops a browser from
/// second-guessing a content type (an upload served as `image/png` is never run as HTML). The
/// content security policy allows only this site's own scripts, styles and images — no inline
/// script or style, so injected markup cannot run — and no framing (clickjacking).
///
/// A future-based `Middleware`, as are the other global ones that need no `await`: Vapor runs
/// each `AsyncMiddleware` in a task of its own, so every request crossed from the event loop to
/// Swift's threads and back once per layer (`docs/benchmarks-history.md`, "middleware without tasks").
struct SecurityHeadersMiddleware: Middleware {
    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self'", "img-src 'self' data: blob:",
        "connect-src 'self'", "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'", "object-src 'none'",
    ].joined(separator: "; ")

    /// Sent when the market's public address is https (`PUBLIC_URL`): a browser that once came
    /// over TLS never tries plain http again, so a network on the way cannot strip TLS.
    static let strictTransportSecurity = "max-age=31536000; includeSubDomains"
    var sendsHSTS = false

    init(publicURL: String = "") {
        sendsHSTS = publicURL.lowercased().hasPrefix("https://")
    }

    func respond(to request: Request, chainingTo next: any Responder) -> EventLoopFuture<Response> {
        next.respond(to: request).map { [sendsHSTS] response in
            if sendsHSTS { response.headers.replaceOrAdd(name: "Strict-Transport-Security", value: Self.strictTransportSecurity) }
            response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
            response.headers.replaceOrAdd(name: "Content-Security-Policy", value: Self.contentSecurityPolicy)
            response.headers.replaceOrAdd(name: "Referrer-Policy", value: "same-origin")
            response.headers.replaceOrAdd(name: "X-Frame-Options", value: "DENY")
            return response
        }
    }
}
