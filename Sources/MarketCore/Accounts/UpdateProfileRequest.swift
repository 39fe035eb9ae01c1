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
}
