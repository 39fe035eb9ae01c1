import MarketCore
import Vapor

/// "Forgot your password?" in the browser: ask for a link, then choose a new password on the
/// page the link opens. The same `PasswordResetService` calls as the API.
struct PasswordResetPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let password = routes.grouped("password")
        password.get("forgot", use: forgotPage)
        password.post("forgot", use: forgot)
        password.get("reset", use: resetPage)
        password.post("reset", use: reset)
    }

    struct ForgotContent: Encodable {
        var fields: [FormField]
        var sent: String?
        var formError: Phrase?
    }

    struct ForgotForm: Content {
        var email: String?
    }

    func forgotPage(req: Request) async throws -> Response {
        try await renderForgot(req, email: "")
    }

    func forgot(req: Request) async throws -> Response {
        let form = try req.formBody(ForgotForm.self)
        do {
            try await req.domain.passwordResets.request(PasswordResetRequest(email: form.email), clientAddress: req.clientAddress)
            return try await renderForgot(req, email: form.email ?? "", sent: PasswordResetService.accepted.message)
        } catch let error as APIError where error.status == .unprocessableEntity {
            return try await renderForgot(req, email: form.email ?? "", errors: error.fields ?? [:], status: error.status)
        } catch let error as APIError where error.status == .tooManyRequests {
            return try await renderForgot(req, email: form.email ?? "", formError: error.message, status: error.status)
                .retryingAfter(error)
        }
    }

    private func renderForgot(_ req: Request, email: String, sent: String? = nil, errors: FieldErrors = [:],
                              formError: Phrase? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let fields = [FormField("email", "Your account's email", kind: "email", value: email, errors: errors, autocomplete: "email")]
        return try await req.renderPage("password-forgot", title: "Forgot your password?",
                                        ForgotContent(fields: fields, sent: sent, formError: formError), status: status)
    }

    struct ResetContent: Encodable {
        var fields: [FormField]
        var token: String
        var formError: Phrase?
    }

    struct ResetForm: Content {
        var token: String?
        var newPassword: String?
    }

    func resetPage(req: Request) async throws -> Response {
        let token = req.queryValues["token"] ?? ""
        let problem: Phrase? = token.isEmpty ? "Open the link from the email we sent you, or ask for a new one." : nil
        return try await renderReset(req, token: token, formError: problem)
    }

    func reset(req: Request) async throws -> Response {
        let form = try req.formBody(ResetForm.self)
        do {
            let auth = try await req.domain.passwordResets.confirm(PasswordResetConfirmation(token: form.token, newPassword: form.newPassword))
            let response = req.seeOther("/", notice: .passwordReset)
            WebSessionCookie.set(auth.token, expiresAt: auth.expiresAt, on: response, for: req)
            return response
        } catch let error as APIError where error.status == .unprocessableEntity {
            let linkProblem = error.fields?["token"] == nil ? nil : error.message
            return try await renderReset(req, token: form.token ?? "", errors: error.fields ?? [:], formError: linkProblem, status: error.status)
        }
    }

    private func renderReset(_ req: Request, token: String, errors: FieldErrors = [:], formError: Phrase? = nil,
                             status: HTTPResponseStatus = .ok) async throws -> Response {
        let fields = [FormField("newPassword", "New password", kind: "password", errors: errors,
                                hint: "At least \(AccountRules.passwordMinLength) characters.", autocomplete: "new-password")]
        return try await req.renderPage("password-reset", title: "Choose a new password",
                                        ResetContent(fields: fields, token: token, formError: formError), status: status)
    }
}
