import Vapor

/// What the server compresses (gzip or deflate, when the client says it accepts them): the text
/// it writes — pages, JSON, styles, scripts, SVG — which shrinks five to tenfold on a phone's
/// slow link. Never photos (already compressed) and never the live event stream (a compressor
/// holds bytes back, and an event must reach the page as it is written). A page's CSRF token is
/// masked afresh on each page (`CSRFToken`), so compression cannot leak it (BREACH).
enum ResponseCompression {
    static let types: HTTPMediaTypeSet = [
        .html, .json, .css, .svg, .plainText, .xml,
        HTTPMediaType(type: "application", subType: "javascript"),
        HTTPMediaType(type: "text", subType: "javascript"),
        HTTPMediaType(type: "application", subType: "manifest+json"),
        HTTPMediaType(type: "application", subType: "yaml"),
    ]

    static func configure(_ app: Application) {
        app.http.server.configuration.responseCompression = .disabled(allowedTypes: types, allowRequestOverrides: false)
    }

    /// Says `Vary: Accept-Encoding` on every answer that may be compressed, so a cache (the
    /// shipped nginx keeps styles and scripts) never hands one client's compressed bytes to
    /// another that did not ask for them (the deployment test met a deflated stylesheet answering
    /// a gzip-only request).
    struct VaryMiddleware: AsyncMiddleware {
        func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
            let response = try await next.respond(to: request)
            guard let type = response.headers.contentType, types.contains(type) else { return response }
            let vary = response.headers.first(name: .vary)
            if vary?.lowercased().contains("accept-encoding") != true {
                response.headers.replaceOrAdd(name: .vary, value: vary.map { $0 + ", Accept-Encoding" } ?? "Accept-Encoding")
            }
            return response
        }
    }
}
