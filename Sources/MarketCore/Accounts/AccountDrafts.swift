import Foundation

/// A registration that passed validation, normalized for storage.
public struct RegistrationDraft: Sendable, Equatable {
    public var email: String
    public var password: String
    public var name: String
    public var username: String?
}

/// A sign-in request with its identifier in stored form.
public struct LoginDraft: Sendable, Equatable {
    public var identifier: LoginRequest.Identifier
    public var password: String
}

extension RegisterRequest {
    /// The normalized registration, or every field's problem.
    public func validated() -> Result<RegistrationDraft, FieldErrorList> {
        var errors = FieldErrors()
        let email = AccountRules.normalizeEmail(self.email ?? "")
        if let problem = AccountRules.emailProblem(email) { errors.note("email", problem) }
        if let password {
            if let problem = AccountRules.passwordProblem(password) { errors.note("password", problem) }
        } else {
            errors.note("password", "is required")
        }
        let name = AccountRules.normalizeName(self.name ?? "")
        if let problem = AccountRules.nameProblem(name) { errors.note("name", problem) }
        let username = self.username.map(AccountRules.normalizeUsername)
        if let username, let problem = AccountRules.usernameProblem(username) { errors.note("username", problem) }
        guard errors.isEmpty, let password else { return .failure(FieldErrorList(errors)) }
        return .success(RegistrationDraft(email: email, password: password, name: name, username: username))
    }
}

extension LoginRequest {
    public func validated() -> Result<LoginDraft, FieldErrorList> {
        var errors = FieldErrors()
        if identifier == nil { errors.note("email", "email or username is required") }
        if password?.isEmpty ?? true { errors.note("password", "is required") }
        guard errors.isEmpty, let identifier, let password else { return .failure(FieldErrorList(errors)) }
        return .success(LoginDraft(identifier: identifier, password: password))
    }
}

extension UpdateProfileRequest {
    public func validated() -> Result<ProfileChanges, FieldErrorList> {
        var errors = FieldErrors()
        var changes = ProfileChanges()
        if let name {
            changes.name = AccountRules.normalizeName(name)
            if let problem = AccountRules.nameProblem(changes.name!) { errors.note("name", problem) }
        }
        if let email {
            changes.email = AccountRules.normalizeEmail(email)
            if let problem = AccountRules.emailProblem(changes.email!) { errors.note("email", problem) }
        }
        if let username {
            changes.username = AccountRules.normalizeUsername(username)
            if let problem = AccountRules.usernameProblem(changes.username!) { errors.note("username", problem) }
        }
        if let contact {
            let value = contact.value.trimmingCharacters(in: .whitespacesAndNewlines)
            if let problem = ContactMethod.valueProblem(kind: contact.kind, value: value) { errors.note("contact.value", problem) }
            changes.contact = ContactMethod(kind: contact.kind, value: value)
        }
        if let privacy {
            if privacy.contactAudience == .unknown {
                errors.note("privacy.contactAudience", "must be one of \(PrivacySettings.ContactAudience.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            if privacy.nameStyle == .unknown {
                errors.note("privacy.nameStyle", "must be one of \(PrivacySettings.NameStyle.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            changes.privacy = privacy
        }
        if let newPassword {
            if let problem = AccountRules.passwordProblem(newPassword) { errors.note("newPassword", problem) }
            changes.newPassword = newPassword
        }
        if changes.isSensitive {
            if let currentPassword, !currentPassword.isEmpty {
                changes.currentPassword = currentPassword
            } else {
                errors.note("currentPassword", "is required to change the \(newPassword != nil ? "password" : "email")")
            }
        }
        return errors.isEmpty ? .success(changes) : .failure(FieldErrorList(errors))
    }
}
