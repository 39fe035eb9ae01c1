/// `PATCH /api/v1/me`: every field optional; only the ones given change.
/// A new password or a new email needs `currentPassword` too: whoever holds only a stolen token
/// must not be able to take the account (a password reset goes to the email).
public struct UpdateProfileRequest: Codable, Sendable, Equatable {
    public var name: String?
    public var email: String?
    public var username: String?
    public var contact: ContactMethod?
    public var privacy: PrivacyUpdate?
    public var currentPassword: String?
    public var newPassword: String?

    public init(name: String? = nil, email: String? = nil, username: String? = nil, contact: ContactMethod? = nil,
                privacy: PrivacyUpdate? = nil, currentPassword: String? = nil, newPassword: String? = nil) {
        self.name = name
        self.email = email
        self.username = username
        self.contact = contact
        self.privacy = privacy
        self.currentPassword = currentPassword
        self.newPassword = newPassword
    }
}
