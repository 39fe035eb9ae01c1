import Fluent
import MarketCore
import Vapor

/// "Report" in the browser: `/report?subject=listing&id=…` asks for a reason and details, and
/// posts through the same `ReportService` as the API. Linked from listing pages, seller pages
/// and messages.
struct ReportPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("report", use: show)
        routes.post("report", use: send)
    }

    struct Content: Encodable {
        var subject: String
        var id: String
        var what: Phrase
        var backHref: String
        var fields: [FormField]
        var formError: Phrase?
    }

    struct ReportForm: Vapor.Content {
        var subject: String?
        var id: String?
        var reason: String?
        var details: String?
    }

    func show(req: Request) async throws -> Response {
        _ = try req.requireWebSession()
        let form = ReportForm(subject: req.queryValues["subject"], id: req.queryValues["id"], reason: nil, details: nil)
        return try await render(req, form)
    }

    func send(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(ReportForm.self)
        guard let subject = form.subject.flatMap(ReportSubject.init(rawValue:)), let id = form.id.flatMap(UUID.init(uuidString:)) else {
            throw APIError.reportSubjectNotFound
        }
        let input = ReportRequest(subject: subject.rawValue, id: id, reason: form.reason, details: form.details)
        do {
            _ = try await req.domain.reports.report(input, by: session.user)
            return req.seeOther(await Self.back(subject, id, viewerID: session.userID, on: req.db), notice: .reported)
        } catch let error as APIError where [.unprocessableEntity, .conflict].contains(error.status) && error.fields?["id"] == nil {
            return try await render(req, form, errors: error.fields ?? [:], formError: error.fields == nil ? error.message : nil, status: error.status)
        }
    }

    private func render(_ req: Request, _ form: ReportForm, errors: FieldErrors = [:], formError: Phrase? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        guard let subject = form.subject.flatMap(ReportSubject.init(rawValue:)), let id = form.id.flatMap(UUID.init(uuidString:)),
              let found = try await ReportSubjects.find(subject, id, viewer: session.user, trust: req.domain.trust, on: req.db) else {
            throw APIError.reportSubjectNotFound
        }
        let what: Phrase = switch subject {
        case .listing: "the listing “\(found.title)”"
        case .user: .verbatim(found.title)
        case .message: "a message"
        }
        let fields = [
            FormField.select("reason", "What is wrong?", choices: ReportReason.allCases.map { (value: $0.rawValue, label: $0.label) },
                             selected: form.reason, errors: errors),
            FormField("details", "Details (optional)", kind: "textarea", value: form.details, errors: errors,
                      hint: "What happened, in a few words. Only moderators read this; the person you report never learns who reported."),
        ]
        let content = Content(subject: subject.rawValue, id: id.wireString, what: what,
                              backHref: await Self.back(subject, id, viewerID: session.userID, on: req.db),
                              fields: fields, formError: formError)
        return try await req.renderPage("report", title: "Report", content, status: status)
    }

    /// Where the reporter came from: the listing, the person's page, or the conversation.
    static func back(_ subject: ReportSubject, _ id: UUID, viewerID: UUID, on db: any Database) async -> String {
        switch subject {
        case .listing: return "/listings/\(id.wireString)"
        case .user: return "/users/\(id.wireString)"
        case .message:
            let conversation = try? await ConversationService.conversationID(ofMessage: id, member: viewerID, on: db)
            return conversation.map { "/messages/\($0.wireString)" } ?? "/messages"
        }
    }
}
