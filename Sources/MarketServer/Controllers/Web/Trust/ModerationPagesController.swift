import MarketCore
import Vapor

/// `/moderation`: the report queue with a decision form on each case (moderators; anyone else
/// gets the 403 page), and `/moderation/log`, the audit log (admins). The same
/// `ModerationService` as the API; every decision is a CSRF-checked form.
struct ModerationPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("moderation", use: queue)
        routes.post("moderation", "reports", ":reportID", "decision", use: decide)
        routes.get("moderation", "log", use: log)
    }

    struct Case: Encodable {
        var id: String
        var kind: String
        var title: String
        var href: String?
        var status: String
        var count: Phrase
        var reasons: String
        var details: [String]
        var since: String
        var actions: [FormField.Option]
        var note: String
        var error: Phrase?
    }

    struct QueueContent: Encodable {
        var cases: [Case]
        var hasCases: Bool
        var isAdmin: Bool
        /// The next page of the queue, when there is one: every open report can be reached.
        var moreHref: String?
    }

    struct DecisionForm: Content {
        var action: String?
        var note: String?
    }

    func queue(req: Request) async throws -> Response {
        try await render(req)
    }

    func decide(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let reportID = try req.uuidParameter("reportID")
        let form = try req.formBody(DecisionForm.self)
        do {
            _ = try await req.domain.moderation.decide(reportID, ModerationDecisionRequest(action: form.action, note: form.note), by: session.user)
            return req.seeOther("/moderation", notice: .decided)
        } catch let error as APIError where [.unprocessableEntity, .conflict, .forbidden].contains(error.status) && error.code != APIError.moderatorsOnly.code {
            let problem = error.fields.map { Phrase.verbatim($0.values.map { req.words($0) }.sorted().joined(separator: "; ")) } ?? error.message
            return try await render(req, failed: (reportID, form, problem), status: error.status)
        }
    }

    private func render(_ req: Request, failed: (id: UUID, form: DecisionForm, problem: Phrase)? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let offset = ModerationQueueCursor.offset(reader.string("cursor"), errors: &reader.errors)
        let page = try await req.domain.moderation.queue(status: ReportRecord.open, limit: 50, offset: offset, for: session.user)
        let items = page.cases
        let cases = items.map { item -> Case in
            let mine = failed?.id == item.id
            let actions = ModerationAction.choices(for: item.subject)
            let chosen = mine ? failed?.form.action : nil
            let href: String? = switch item.subject {
            case .listing: "/listings/\(item.subjectId.wireString)"
            case .user: "/users/\(item.subjectId.wireString)"
            case .message: item.ownerId.map { "/users/\($0.wireString)" }
            }
            return Case(
                id: item.id.wireString, kind: item.subject.rawValue, title: item.subjectTitle, href: href,
                status: item.subjectStatus,
                count: "\(item.reportCount) reports",
                reasons: item.reasons.map { req.words($0.label) }.joined(separator: ", "), details: item.details,
                since: req.localTime.day(item.firstReportedAt),
                actions: actions.map { FormField.Option(value: $0.rawValue, label: $0.label, selected: $0.rawValue == chosen) },
                note: mine ? failed?.form.note ?? "" : "", error: mine ? failed?.problem : nil)
        }
        return try await req.renderPage("moderation", title: "Moderation", QueueContent(cases: cases, hasCases: !cases.isEmpty, isAdmin: session.user.isAdmin,
                                                                                moreHref: page.next.map { "/moderation?cursor=" + ModerationQueueCursor.token($0) }), status: status)
    }

    struct LogContent: Encodable {
        struct Line: Encodable { var when: String; var who: String; var action: String; var subject: String; var note: String? }
        var lines: [Line]
        var moreHref: String?
    }

    func log(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let cursor = reader.cursor()
        try reader.check()
        let page = try await req.domain.auditLog.page(limit: 50, after: cursor, for: session.user)
        let lines = page.items.map {
            LogContent.Line(when: req.localTime.day($0.createdAt) + " " + req.localTime.time($0.createdAt), who: $0.actorName == AuditLog.operatorName ? ("operator (command line)" as Phrase).localized : $0.actorName,
                            action: $0.action.replacingOccurrences(of: "_", with: " "),
                            subject: $0.subject + ($0.subjectId.map { " " + $0.wireString.prefix(8) } ?? ""), note: $0.note)
        }
        return try await req.renderPage("moderation-log", title: "Audit log",
                                        LogContent(lines: lines, moreHref: page.nextCursor.map { "/moderation/log?cursor=\($0)" }))
    }
}
