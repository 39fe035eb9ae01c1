import Foundation
import MarketCore
import Vapor

/// `/profile`: change name, username and contact (the campus is verified at `/verify`); choose
/// who sees what (`PrivacySettings`); change the password; rename and
/// remove passkeys (adding one is `PasskeyPagesController`'s, with the browser's help); delete
/// the account (confirmed with the password). The same services as `/api/v1/me`.
struct ProfilePagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("profile", use: show)
        routes.post("profile", use: save)
        routes.post("profile", "privacy", use: savePrivacy)
        routes.get("profile", "data", use: downloadData)
        routes.post("profile", "password", use: changePassword)
        routes.post("profile", "delete", use: delete)
        routes.post("profile", "passkeys", ":passkeyID", "rename", use: renamePasskey)
        routes.post("profile", "passkeys", ":passkeyID", "delete", use: removePasskey)
    }

    struct Content: Encodable {
        var userID: String
        var email: String
        /// "Verified student · University of Michigan", or the unverified campus, or nil.
        var campus: Phrase?
        var campusVerified: Bool
        /// Campuses are configured, so there is something to verify.
        var canVerify: Bool
        var details: [FormField]
        var privacy: [FormField]
        var password: [FormField]
        var deletion: [FormField]
        var passwordError: Phrase?
        var deleteError: Phrase?
        var hasPassword: Bool
        var passkeys: [PasskeyRow]
        var passkeyError: Phrase?
        var passkeyNameMax: Int
        var appleEnabled: Bool
        var appleLinked: Bool
    }

    struct PasskeyRow: Encodable {
        var id: String
        var name: String
        var added: String
        var lastUsed: String?
    }

    struct PasskeyNameForm: Vapor.Content { var name: String? }

    struct DetailsForm: Vapor.Content {
        var name: String?
        var username: String?
        var contactKind: String?
        var contactValue: String?

        /// The form as the account stands now.
        init(_ user: UserRecord) {
            name = user.name
            username = user.username
            contactKind = user.contact?.kind.rawValue
            contactValue = user.contact?.value
        }
    }

    struct PrivacyForm: Vapor.Content {
        var contactAudience: String?
        /// "yes" or "no".
        var shownOutsideCampus: String?
        var nameStyle: String?

        init(_ settings: PrivacySettings) {
            contactAudience = settings.contactAudience.rawValue
            shownOutsideCampus = settings.shownOutsideCampus ? "yes" : "no"
            nameStyle = settings.nameStyle.rawValue
        }

        /// The change asked; an answer no choice offers is named for its field.
        func update() throws -> PrivacyUpdate {
            guard let shown = ["yes": true, "no": false][shownOutsideCampus ?? ""] else {
                throw APIError.validation(["shownOutsideCampus": "must be one of the choices"])
            }
            return PrivacyUpdate(contactAudience: PrivacySettings.ContactAudience(known: contactAudience ?? "") ?? .unknown,
                                 shownOutsideCampus: shown, nameStyle: PrivacySettings.NameStyle(known: nameStyle ?? "") ?? .unknown)
        }
    }

    struct PasswordForm: Vapor.Content {
        var currentPassword: String?
        var newPassword: String?
    }

    struct DeleteForm: Vapor.Content { var password: String? }

    func show(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        return try await render(req, DetailsForm(session.user))
    }

    func save(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(DetailsForm.self)
        var contact: ContactMethod?
        if let kind = form.contactKind.flatMap(ContactMethod.Kind.init(rawValue:)) {
            contact = ContactMethod(kind: kind, value: form.contactValue ?? "")
        }
        let input = UpdateProfileRequest(name: form.name, username: form.username.flatMap { $0.isEmpty ? nil : $0 },
                                         contact: contact)
        do {
            _ = try await req.domain.accounts.update(session, with: input, clientAddress: req.clientAddress)
            return req.seeOther("/profile", notice: .profileSaved)
        } catch let error as APIError where error.fields != nil {
            let fields = (error.fields ?? [:]).renamed(["contact.value": "contactValue", "contact": "contactValue", "contact.kind": "contactKind"])
            return try await render(req, form, detailErrors: fields, status: error.status)
        }
    }

    func savePrivacy(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(PrivacyForm.self)
        do {
            _ = try await req.domain.accounts.update(session, with: UpdateProfileRequest(privacy: try form.update()), clientAddress: req.clientAddress)
            return req.seeOther("/profile", notice: .privacySaved)
        } catch let error as APIError where error.fields != nil {
            let fields = (error.fields ?? [:]).renamed(["privacy.contactAudience": "contactAudience", "privacy.nameStyle": "nameStyle"])
            return try await render(req, DetailsForm(session.user), privacy: form, privacyErrors: fields, status: error.status)
        }
    }

    /// "Download my data": the API's archive as a file named for the day.
    func downloadData(req: Request) async throws -> Response {
        let archive = try await req.domain.accountExporter.export(try req.requireWebSession(), clientAddress: req.clientAddress)
        let response = try await archive.encodeResponse(for: req)
        let day = ISO8601DateFormatter.string(from: req.now, timeZone: req.localTime.zone, formatOptions: [.withFullDate])
        response.headers.replaceOrAdd(name: .contentDisposition, value: "attachment; filename=\"campusmarket-data-\(day).json\"")
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    func changePassword(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(PasswordForm.self)
        do {
            _ = try await req.domain.accounts.update(
                session, with: UpdateProfileRequest(currentPassword: form.currentPassword ?? "", newPassword: form.newPassword ?? ""),
                clientAddress: req.clientAddress)
            return req.seeOther("/profile", notice: .passwordChanged)
        } catch let error as APIError where error.status.code < 500 {
            return try await render(req, detailsFrom: session, passwordErrors: error.fields ?? [:],
                                    passwordError: error.fields == nil ? error.message : nil, status: error.status)
        }
    }

    func delete(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(DeleteForm.self)
        do {
            try await req.domain.accounts.delete(session, confirmation: DeleteAccountRequest(password: form.password), clientAddress: req.clientAddress)
        } catch let error as APIError where error.status.code < 500 {
            return try await render(req, detailsFrom: session, deleteErrors: error.fields ?? [:],
                                    deleteError: error.fields == nil ? error.message : nil, status: error.status)
        }
        let response = req.seeOther("/", notice: .accountDeleted)
        WebSessionCookie.clear(on: response, for: req)
        return response
    }

    func renamePasskey(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(PasskeyNameForm.self)
        do {
            _ = try await req.domain.passkeys.rename(session, id: req.uuidParameter("passkeyID"), PasskeyRename(name: form.name))
            return req.seeOther("/profile", notice: .passkeyRenamed)
        } catch let error as APIError where error.status == .unprocessableEntity {
            let problem = error.fields?["name"].map { "A passkey's name \($0)." as Phrase } ?? error.message
            return try await render(req, detailsFrom: session, passkeyError: problem, status: error.status)
        }
    }

    func removePasskey(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        do {
            try await req.domain.passkeys.remove(session, id: req.uuidParameter("passkeyID"))
            return req.seeOther("/profile", notice: .passkeyRemoved)
        } catch let error as APIError where error.status == .conflict {
            return try await render(req, detailsFrom: session, passkeyError: error.message, status: error.status)
        }
    }

    private func render(_ req: Request, detailsFrom session: Session, passwordErrors: FieldErrors = [:], passwordError: Phrase? = nil,
                        deleteErrors: FieldErrors = [:], deleteError: Phrase? = nil, passkeyError: Phrase? = nil,
                        status: HTTPResponseStatus) async throws -> Response {
        try await render(req, DetailsForm(session.user), passwordErrors: passwordErrors, passwordError: passwordError,
                         deleteErrors: deleteErrors, deleteError: deleteError, passkeyError: passkeyError, status: status)
    }

    private func render(_ req: Request, _ form: DetailsForm, detailErrors: FieldErrors = [:],
                        privacy: PrivacyForm? = nil, privacyErrors: FieldErrors = [:], passwordErrors: FieldErrors = [:],
                        passwordError: Phrase? = nil, deleteErrors: FieldErrors = [:], deleteError: Phrase? = nil,
                        passkeyError: Phrase? = nil, status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        let now = req.now, time = req.localTime
        let passkeys = try await req.domain.passkeys.list(session).map {
            PasskeyRow(id: $0.id.wireString, name: $0.name, added: time.day($0.createdAt),
                       lastUsed: $0.lastUsedAt.map { time.ago($0, now: now).localized })
        }
        let hasPassword = session.user.passwordHash != nil
        let content = Content(
            userID: session.userID.wireString, email: session.user.email,
            campus: req.domain.trust.membership(of: session.user)?.label,
            campusVerified: req.domain.trust.isVerified(session.user),
            canVerify: req.application.settings.campuses.isConfigured,
            details: [
                FormField("name", "Name", value: form.name, errors: detailErrors, autocomplete: "name"),
                FormField("username", "Username", value: form.username, errors: detailErrors, autocomplete: "username"),
                .select("contactKind", "How buyers reach you", choices: [(value: "", label: "Keep as it is")] + ContactMethod.Kind.allCases.map { (value: $0.rawValue, label: Phrase($0.rawValue.capitalized)) },
                        selected: form.contactKind, errors: detailErrors, hint: "Shown to whom you choose under Privacy."),
                FormField("contactValue", "Email address or phone number", value: form.contactValue, errors: detailErrors),
            ],
            privacy: PrivacyChoices.fields(privacy ?? PrivacyForm(session.user.privacy), errors: privacyErrors, fullName: session.user.name,
                                           campusesConfigured: req.application.settings.campuses.isConfigured),
            password: [
                FormField("currentPassword", "Current password", kind: "password", errors: passwordErrors, autocomplete: "current-password"),
                FormField("newPassword", "New password", kind: "password", errors: passwordErrors,
                          hint: "At least \(AccountRules.passwordMinLength) characters. Other devices will be signed out.", autocomplete: "new-password"),
            ],
            deletion: hasPassword
                ? [FormField("password", "Your password, to confirm", kind: "password", errors: deleteErrors, autocomplete: "current-password")]
                : [],
            passwordError: passwordError, deleteError: deleteError, hasPassword: hasPassword,
            passkeys: passkeys, passkeyError: passkeyError, passkeyNameMax: PasskeyRename.nameMaxLength,
            appleEnabled: req.application.settings.appleWebServicesID != nil, appleLinked: session.user.appleSubject != nil)
        return try await req.renderPage("profile", title: "Your profile", content, status: status)
    }
}
