import Fluent
import MarketCore
import Vapor

/// Verifying a campus address in the browser: `/verify` asks for the address and mails the
/// link (the banner's "Resend" posts to `/verify/resend`); the link opens `/verify-email`, whose
/// button confirms it for the signed-in account that asked for it (signed out, it asks to sign in). Confirming is a POST, not the link's GET, so a mail scanner that fetches
/// links cannot verify anyone; it works without script. The same service as the API.
struct CampusPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("verify", use: show)
        routes.post("verify", use: send)
        routes.post("verify", "resend", use: resend)
        routes.get("verify-email", use: confirmPage)
        routes.post("verify-email", use: confirm)
    }

    struct Content: Encodable {
        var campus: Phrase?
        var verified: Bool
        var campusList: String?
        var fields: [FormField]
        var formError: Phrase?
    }

    struct EmailForm: Vapor.Content { var email: String? }
    struct TokenForm: Vapor.Content { var token: String? }

    struct ConfirmContent: Encodable {
        /// nil when there is nothing to confirm (a template reads "" as present).
        var token: String?
        var formError: Phrase?
        /// Signed out: where to sign in and come back.
        var signInPath: String?
        /// The account the button would verify, so a student on a shared device sees whose it is.
        var signedInAs: String?
    }

    func show(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let campuses = req.application.settings.campuses
        let suggested = campuses.campus(forEmail: session.user.email) != nil && campuses.isConfigured ? session.user.email : ""
        return try await render(req, email: suggested)
    }

    func send(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(EmailForm.self)
        return try await mail(req, session, to: form.email ?? "")
    }

    /// The banner's button.
    func resend(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        return try await mail(req, session, to: nil)
    }

    /// Mails a link to `email`, or (nil) resends the last one.
    private func mail(_ req: Request, _ session: Session, to email: String?) async throws -> Response {
        let verification = req.domain.campusVerification
        do {
            if let email { _ = try await verification.request(CampusEmailRequest(email: email), for: session.user) }
            else { _ = try await verification.resend(for: session.user) }
            return req.seeOther("/verify", notice: .verificationMailed)
        } catch let error as APIError where error.status.code < 500 {
            let response = try await render(req, email: email ?? "", errors: error.fields ?? [:],
                                            formError: error.fields == nil ? error.message : nil, status: error.status)
            return response.retryingAfter(error)
        }
    }

    private func render(_ req: Request, email: String, errors: FieldErrors = [:], formError: Phrase? = nil,
                        status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        let trust = req.domain.trust
        let fields = [FormField("email", "Your campus email", kind: "email", value: email, errors: errors,
                                hint: "Your university address. We mail it a link that works once, for 24 hours.", autocomplete: "email")]
        let content = Content(campus: trust.membership(of: session.user)?.label, verified: trust.isVerified(session.user),
                              campusList: req.application.settings.campuses.campuses.map(\.name).joined(separator: " · ").nonEmpty, fields: fields, formError: formError)
        return try await req.renderPage("verify", title: "Verify your campus email", content, status: status)
    }

    /// The link's page. Signed out, it asks the student to sign in first (and comes back here);
    /// signed in as another account than the one that asked, it says so and verifies nothing.
    func confirmPage(req: Request) async throws -> Response {
        let token = req.queryValues["token"] ?? ""
        guard let session = req.auth.get(Session.self) else {
            let back = "/verify-email?token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")
            return try await req.renderPage("verify-email", title: "Verify your campus email",
                                            ConfirmContent(token: token, signInPath: "/signin?next=" + (back.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "/")))
        }
        do {
            let owner = try await req.domain.campusVerification.owner(ofLink: token)
            guard owner == (try session.user.requireID()) else { throw APIError.verificationLinkOfAnotherAccount }
        } catch let error as APIError where error.status.code < 500 {
            return try await req.renderPage("verify-email", title: "Verify your campus email",
                                            ConfirmContent(token: nil, formError: error.message, signedInAs: session.user.email), status: error.status)
        }
        return try await req.renderPage("verify-email", title: "Verify your campus email", ConfirmContent(token: token, signedInAs: session.user.email))
    }

    func confirm(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(TokenForm.self)
        do {
            _ = try await req.domain.campusVerification.confirm(EmailVerificationRequest(token: form.token ?? ""), by: session.user)
            return req.seeOther("/verify", notice: .verified)
        } catch let error as APIError where error.status.code < 500 {
            return try await req.renderPage("verify-email", title: "Verify your campus email",
                                            ConfirmContent(token: nil, formError: error.message, signedInAs: session.user.email), status: error.status)
        }
    }
}

extension String {
    /// nil for "", for templates, where an empty string still counts as present.
    var nonEmpty: String? { isEmpty ? nil : self }
}
