/// `POST /api/v1/auth/password-reset`: mail a reset link to this address, if an account uses it.
public struct PasswordResetRequest: Codable, Sendable, Equatable {
    public var email: String?
    public init(email: String?) { self.email = email }

    /// The address in stored form, or what is wrong with it.
    public func validated() -> Result<String, FieldErrorList> {
        let email = AccountRules.normalizeEmail(self.email ?? "")
        if let problem = AccountRules.emailProblem(email) { return .failure(FieldErrorList(["email": problem])) }
        return .success(email)
    }
}

/// The 202 answer to a reset request: the same words whether or not an account uses the address.
public struct PasswordResetAccepted: Codable, Sendable, Equatable {
    public var message: String
    public init(message: String) { self.message = message }
}
