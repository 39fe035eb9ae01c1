import MarketCore
import Vapor

/// `/unsubscribe?token=…`, the link in every notification mail: stops one topic's mail without
/// signing in. The link's GET only asks (a mail scanner that opens links changes nothing); the
/// page's button, or a mail app's one-click POST (RFC 8058, `List-Unsubscribe-Post`), stops it.
/// Outside the CSRF check: a mail app's POST carries no form token; the signed token is the check.
struct UnsubscribeController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("unsubscribe", use: ask)
        routes.post("unsubscribe", use: stop)
    }

    struct Content: Encodable {
        var token: String?
        var topic: String?
        var done: String?
        var invalid: Phrase?
    }

    struct Form: Vapor.Content { var token: String? }

    static let invalid: Phrase = "This unsubscribe link is not one we sent, or it was cut short. Open the whole link from the mail."

    func ask(req: Request) async throws -> Response {
        let token = req.queryValues["token"] ?? ""
        guard let (_, topic) = try await req.domain.unsubscribeLinks.read(token) else {
            return try await req.renderPage("unsubscribe", title: "Unsubscribe", Content(invalid: Self.invalid), status: .badRequest)
        }
        return try await req.renderPage("unsubscribe", title: "Unsubscribe", Content(token: token, topic: topic.label.localized.lowercased()))
    }

    func stop(req: Request) async throws -> Response {
        let form = (try? req.formBody(Form.self)) ?? Form(token: nil)
        let token = form.token ?? req.queryValues["token"] ?? ""
        guard let (userID, topic) = try await req.domain.unsubscribeLinks.read(token) else {
            return try await req.renderPage("unsubscribe", title: "Unsubscribe", Content(invalid: Self.invalid), status: .badRequest)
        }
        try await req.domain.notificationPreferences.stopMail(topic, for: userID)
        return try await req.renderPage("unsubscribe", title: "Unsubscribed",
                                        Content(done: ("You will no longer get mail about \(topic.label.localized.lowercased())." as Phrase).localized))
    }
}
