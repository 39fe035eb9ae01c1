extension TextTrader {
    /// `POST /texttrader/register`.
    public struct RegisterRequest: Codable, Sendable, Equatable {
        public var name: String?
        public var email: String?
        public var username: String?
        public var password: String?

        public init(name: String?, email: String?, username: String?, password: String?) {
            self.name = name
            self.email = email
            self.username = username
            self.password = password
        }

        /// The app sends the email as the username; any other username follows our username rules.
        public func validated() -> Result<RegistrationDraft, FieldErrorList> {
            let givenUsername = username.map(AccountRules.normalizeUsername) ?? ""
            let isEmail = givenUsername == AccountRules.normalizeEmail(email ?? "")
            let main = MarketCore.RegisterRequest(email: email, password: password, name: name,
                                                   username: givenUsername.isEmpty || isEmail ? nil : givenUsername)
            var result = main.validated()
            if givenUsername.isEmpty {
                var fields = result.fieldErrors
                fields.note("username", "is required")
                result = .failure(FieldErrorList(fields))
            }
            return result
        }
    }

    /// `POST /texttrader/register` → 200.
    public struct RegisterResponse: Codable, Sendable, Equatable {
        public var username: String
        public init(username: String) { self.username = username }
    }

    /// `POST /texttrader/login`: `username` is an email or a username.
    public struct LoginRequest: Codable, Sendable, Equatable {
        public var username: String?
        public var password: String?

        public init(username: String?, password: String?) {
            self.username = username
            self.password = password
        }

        public var mainRequest: MarketCore.LoginRequest {
            if let username, username.contains("@") {
                return MarketCore.LoginRequest(email: username, password: password)
            }
            return MarketCore.LoginRequest(username: username, password: password)
        }
    }

    /// The account as the contract shows it: `username` is the username, or the email when the
    /// account has none (what the app registered with).
    public struct User: Codable, Sendable, Equatable {
        public var username: String
        public var name: String?

        public init(username: String, name: String?) {
            self.username = username
            self.name = name
        }
    }

    /// `POST /texttrader/login` → 200.
    public struct LoginResponse: Codable, Sendable, Equatable {
        public var user: User
        public var token: String

        public init(user: User, token: String) {
            self.user = user
            self.token = token
        }
    }

    /// `POST /texttrader/verify`: is this token a live session of this user?
    public struct VerifyRequest: Codable, Sendable, Equatable {
        public struct Who: Codable, Sendable, Equatable {
            public var username: String?
            public init(username: String?) { self.username = username }
        }

        public var user: Who?
        public var token: String?

        public init(username: String?, token: String?) {
            self.user = Who(username: username)
            self.token = token
        }
    }

    public struct VerifyResponse: Codable, Sendable, Equatable {
        public var verified: Bool
        public var message: String?

        public init(verified: Bool, message: String? = nil) {
            self.verified = verified
            self.message = message
        }
    }

    /// `PATCH /texttrader/user`: a new password or email needs `currentPassword` as well.
    public struct UserUpdate: Codable, Sendable, Equatable {
        public var name: String?
        public var email: String?
        public var password: String?
        public var currentPassword: String?

        public init(name: String? = nil, email: String? = nil, password: String? = nil, currentPassword: String? = nil) {
            self.name = name
            self.email = email
            self.password = password
            self.currentPassword = currentPassword
        }

        public var mainRequest: UpdateProfileRequest {
            UpdateProfileRequest(name: name, email: email, currentPassword: currentPassword, newPassword: password)
        }

        /// The main request's field names as this body calls them.
        public static let fieldNames = ["newPassword": "password"]
    }

    /// `DELETE /texttrader/user`.
    public struct UserDeletion: Codable, Sendable, Equatable {
        public var password: String?
        public init(password: String?) { self.password = password }
    }
}

extension Result where Failure == FieldErrorList {
    /// The field errors of a failure; empty for a success.
    public var fieldErrors: FieldErrors {
        if case .failure(let list) = self { return list.fields }
        return [:]
    }
}
