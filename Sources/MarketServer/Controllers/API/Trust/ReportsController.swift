import MarketCore
import Vapor

/// `POST /api/v1/reports`: report a listing, a person or a message.
struct ReportsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("reports", use: create)
    }

    func create(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let report = try await req.domain.reports.report(try req.jsonBody(ReportRequest.self), by: session.user)
        return try await report.encodeResponse(status: .created, for: req)
    }
}
