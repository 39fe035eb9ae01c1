import MarketCore
import Vapor

/// Campuses and proving one: `GET /campuses` (the feed's picker), `POST /me/campus-email`
/// (mail a link), `POST /auth/email-verification` (confirm it, signed in as the account that asked).
struct CampusController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("campuses", use: list)
        routes.post("me", "campus-email", use: requestLink)
        routes.post("auth", "email-verification", use: confirm)
    }

    func list(req: Request) async throws -> [CampusInfo] {
        req.application.settings.campuses.campuses.map(\.info)
    }

    func requestLink(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let status = try await req.domain.campusVerification.request(try req.jsonBody(CampusEmailRequest.self), for: session.user)
        return try await status.encodeResponse(status: .accepted, for: req)
    }

    func confirm(req: Request) async throws -> CampusVerificationStatus {
        let session = try req.requireSession()
        return try await req.domain.campusVerification.confirm(try req.jsonBody(EmailVerificationRequest.self), by: session.user)
    }
}
