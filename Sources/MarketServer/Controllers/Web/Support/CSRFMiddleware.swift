import Crypto
import Foundation
import MarketCore
import Vapor

/// Refuses a web POST whose form lacks the visitor's CSRF token (403 page), and writes the
/// pre-session cookie a page created.
struct CSRFMiddleware: AsyncMiddleware {
    func respond(to req: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        if req.method == .POST {
            // The token is in the body: read it before the route would (a large multipart
            // upload is still streaming when middleware runs).
            if req.body.data == nil {
                let isUpload = req.headers.contentType?.type == "multipart"
                let limit = isUpload ? ListingEditorController.maxBody : req.application.routes.defaultMaxBodySize
                _ = try await req.body.collect(max: limit.value).get()
            }
            let presented = try? req.content.get(String.self, at: CSRFToken.field)
            guard CSRFToken.isValid(presented, for: req) else { throw APIError.csrfRejected }
        }
        let response = try await next.respond(to: req)
        CSRFToken.setPendingCookie(on: response, for: req)
        return response
    }
}
