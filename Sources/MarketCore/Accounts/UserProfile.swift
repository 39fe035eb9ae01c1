import Foundation

/// The signed-in user's own account, as `GET /api/v1/me` returns it.
public struct UserProfile: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var email: String
    public var name: String
    public var username: String?
    public var contact: ContactMethod?
    /// Who sees the contact, whether others outside the campus see the profile, how the name reads.
    public var privacy: PrivacySettings
    /// Where the student trades, from their verified campus address (or, unverified, their
    /// email's); new listings take it. nil when no configured campus matches.
    public var campus: CampusMembership?
    /// moderator, admin: granted by the operator.
    public var roles: [UserRole]
    /// Whether listing, buying, renting, offering and messaging need a verified campus address
    /// first, and this account has none (the server answers 403 `verification_required`).
    public var verificationRequired: Bool
    public var createdAt: Date
    /// Whether the account can sign in with a password (an Apple-only account cannot).
    public var hasPassword: Bool
    /// Whether Sign in with Apple is linked.
    public var appleLinked: Bool

    public init(id: UUID, email: String, name: String, username: String?, contact: ContactMethod?, privacy: PrivacySettings = .private, campus: CampusMembership? = nil, createdAt: Date,
                hasPassword: Bool = true, appleLinked: Bool = false, roles: [UserRole] = [], verificationRequired: Bool = false) {
        self.id = id
        self.email = email
        self.name = name
        self.username = username
        self.contact = contact
        self.privacy = privacy
        self.campus = campus
        self.createdAt = createdAt
        self.hasPassword = hasPassword
        self.appleLinked = appleLinked
        self.roles = roles
        self.verificationRequired = verificationRequired
    }
}
