/// `PATCH /api/v1/me`: every field optional; only the ones given change.
/// A new password needs `currentPassword` too.
public struct UpdateProfileRequest: Codable, Sendable, Equatable {
    public var name: String?
    public var username: String?
    public var contact: ContactMethod?
    public var campus: String?
    public var currentPassword: String?
    public var newPassword: String?

    public init(name: String? = nil, username: String? = nil, contact: ContactMethod? = nil, campus: String? = nil,
                currentPassword: String? = nil, newPassword: String? = nil) {
        self.campus = campus
        self.name = name
        self.username = username
        self.contact = contact
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }

    public func validate() -> FieldErrors {
        var errors = FieldErrors()
        if let name, let problem = AccountRules.nameProblem(AccountRules.normalizeName(name)) {
            errors.note("name", problem)
        }
        if let username, let problem = AccountRules.usernameProblem(AccountRules.normalizeUsername(username)) {
            errors.note("username", problem)
        }
        if let contact, let problem = ContactMethod.valueProblem(kind: contact.kind, value: contact.value) {
            errors.note("contact.value", problem)
        }
        if let campus, !(2...100).contains(campus.trimmingCharacters(in: .whitespacesAndNewlines).count) {
            errors.note("campus", "must be 2–100 characters")
        }
        if let newPassword {
            if let problem = AccountRules.passwordProblem(newPassword) { errors.note("newPassword", problem) }
            if currentPassword?.isEmpty ?? true { errors.note("currentPassword", "is required to change the password") }
        }
        return errors
    }
}
