import Vapor

/// `GET /api/v1/events`: the signed-in user's live events as Server-Sent Events.
struct EventsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("events", use: stream)
    }

    func stream(req: Request) async throws -> Response {
        try await EventStream.response(for: req, session: try req.requireSession())
    }
}
