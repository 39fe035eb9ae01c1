/// `POST /api/v1/auth/login` with either `email` or `username`, and `password`.
public struct LoginRequest: Codable, Sendable, Equatable {
    public var email: String?
    public var username: String?
    public var password: String?

    public init(email: String? = nil, username: String? = nil, password: String?) {
        self.email = email
        self.username = username
        self.password = password
    }

    /// What a person typed in one "email or username" box: an email when it has an `@`.
    public init(login: String, password: String?) {
        let typed = login.trimmingCharacters(in: .whitespaces)
        self.init(email: typed.contains("@") ? typed : nil, username: typed.contains("@") ? nil : typed, password: password)
    }

    /// The account identifier in its stored form.
    public enum Identifier: Sendable, Equatable {
        case email(String)
        case username(String)
    }

    public var identifier: Identifier? {
        if let email, !AccountRules.normalizeEmail(email).isEmpty {
            return .email(AccountRules.normalizeEmail(email))
        }
        if let username, !AccountRules.normalizeUsername(username).isEmpty {
            return .username(AccountRules.normalizeUsername(username))
        }
        return nil
    }
}
