import Vapor

/// Headers every response carries, errors and photos included. `nosniff` stops a browser from
/// second-guessing a content type (an upload served as `image/png` is never run as HTML).
struct SecurityHeadersMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        let response = try await next.respond(to: request)
        response.headers.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return response
    }
}
