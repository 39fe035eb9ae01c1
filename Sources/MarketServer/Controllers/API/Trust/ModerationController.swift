import MarketCore
import Vapor

/// `/api/v1/moderation`: the report queue and its decisions (moderators), the audit log (admins).
struct ModerationController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let moderation = routes.grouped("moderation")
        moderation.get("reports", use: queue)
        moderation.post("reports", ":reportID", "decision", use: decide)
        moderation.get("log", use: log)
    }

    func queue(req: Request) async throws -> MarketCore.Page<ModerationCase> {
        let session = try req.requireSession()
        var query = QueryReader(req)
        let status = query.string("status") ?? ReportRecord.open
        if ![ReportRecord.open, ReportRecord.decided].contains(status) { query.errors.note("status", "must be open or decided") }
        let limit = query.limit()
        let offset = ModerationQueueCursor.offset(query.string("cursor"), errors: &query.errors)
        try query.check()
        let page = try await req.domain.moderation.queue(status: status, limit: limit, offset: offset, for: session.user)
        return MarketCore.Page(items: page.cases, nextCursor: page.next.map(ModerationQueueCursor.token))
    }

    func decide(req: Request) async throws -> ModerationOutcome {
        let session = try req.requireSession()
        return try await req.domain.moderation.decide(try req.uuidParameter("reportID"),
                                                      try req.jsonBody(ModerationDecisionRequest.self), by: session.user)
    }

    func log(req: Request) async throws -> MarketCore.Page<AuditEntry> {
        let session = try req.requireSession()
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.auditLog.page(limit: limit, after: cursor, for: session.user)
    }
}
