import MarketCore
import Vapor

/// `/api/v1/courses`: finding a course by prefix, and a course's listings and books.
struct CoursesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("courses", use: find)
        routes.get("courses", ":code", use: show)
    }

    func find(req: Request) async throws -> [CourseSummary] {
        var query = QueryReader(req)
        let typed = query.string("q")
        try query.check()
        guard let typed, !typed.isEmpty else { throw APIError.validation(["q": "is required: the start of a course code"]) }
        return try await req.domain.courses.find(typed, viewer: req.auth.get(Session.self)?.user)
    }

    func show(req: Request) async throws -> Course {
        let code = req.parameters.get("code").flatMap { $0.removingPercentEncoding ?? $0 } ?? ""
        return try await req.domain.courses.course(code, viewer: req.auth.get(Session.self)?.user)
    }
}
