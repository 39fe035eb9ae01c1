import MarketCore
import Vapor

/// Errors on the web app's pages are pages: a 404 or 403 in words, the sign-in page when a page
/// needs a person, and never a stack trace. (Forms catch their own 422s and show the fields.)
enum WebErrorPage {
    struct Content: Encodable {
        var status: Int
        var heading: Phrase
        var message: Phrase
    }

    static func response(for error: any Error, request: Request) async -> Response {
        let apiError = APIErrorMiddleware.translate(error)
        if apiError.status == .internalServerError { request.logger.report(error: error) }
        if apiError.status == .unauthorized {
            let next = request.path + (request.url.query.map { "?" + $0 } ?? "")
            return request.redirect(to: "/signin?next=" + (next.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/"))
        }
        let heading: Phrase
        switch apiError.status.code {
        case 404: heading = "Not found"
        case 403: heading = "Not allowed"
        case 429: heading = "Slow down"
        case 500...: heading = "Something went wrong"
        default: heading = "That did not work"
        }
        do {
            let response = try await request.renderPage(
                "error", title: heading, Content(status: Int(apiError.status.code), heading: heading, message: apiError.message),
                status: apiError.status)
            for (name, value) in apiError.headers where name != HTTPHeaders.Name.wwwAuthenticate.description {
                response.headers.replaceOrAdd(name: name, value: value)
            }
            return response
        } catch {
            request.logger.report(error: error)
            return Response(status: apiError.status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: .init(string: request.words(apiError.message)))
        }
    }
}

extension Request {
    /// A script's call (`Accept: application/json`), as opposed to a browser loading a page.
    var wantsJSON: Bool {
        headers.accept.first?.mediaType == .json
    }

    /// A page of the web app, as opposed to the JSON API, photos and operations endpoints.
    var isWebPage: Bool {
        let path = self.path
        for prefix in ["/api/", "/photos/", "/texttrader/"] where path.hasPrefix(prefix) { return false }
        return !["/healthz", "/metrics", "/openapi.yaml", "/api"].contains(path)
    }
}
