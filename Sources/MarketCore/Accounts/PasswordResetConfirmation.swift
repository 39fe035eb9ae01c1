/// `POST /api/v1/auth/password-reset/confirm`: the token from the link, and the new password.
public struct PasswordResetConfirmation: Codable, Sendable, Equatable {
    public var token: String?
    public var newPassword: String?

    public init(token: String?, newPassword: String?) {
        self.token = token
        self.newPassword = newPassword
    }

    public func validated() -> Result<(token: String, newPassword: String), FieldErrorList> {
        var errors = FieldErrors()
        let token = (self.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if token.isEmpty { errors.note("token", "is required: open the link from the email") }
        if let newPassword {
            if let problem = AccountRules.passwordProblem(newPassword) { errors.note("newPassword", problem) }
        } else {
            errors.note("newPassword", "is required")
        }
        guard errors.isEmpty, let newPassword else { return .failure(FieldErrorList(errors)) }
        return .success((token, newPassword))
    }
}
