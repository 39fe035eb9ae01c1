import Foundation

/// The signed-in user's own account, as `GET /api/v1/me` returns it.
public struct UserProfile: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var email: String
    public var name: String
    public var username: String?
    public var contact: ContactMethod?
    /// Where the student trades; new listings take it. Defaults to the email's domain.
    public var campus: String?
    public var createdAt: Date
    /// Whether the account can sign in with a password (an Apple-only account cannot).
    public var hasPassword: Bool
    /// Whether Sign in with Apple is linked.
    public var appleLinked: Bool

    public init(id: UUID, email: String, name: String, username: String?, contact: ContactMethod?, campus: String? = nil, createdAt: Date,
                hasPassword: Bool = true, appleLinked: Bool = false) {
        self.id = id
        self.email = email
        self.name = name
        self.username = username
        self.contact = contact
        self.campus = campus
        self.createdAt = createdAt
        self.hasPassword = hasPassword
        self.appleLinked = appleLinked
    }
}
