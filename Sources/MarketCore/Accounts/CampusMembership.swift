/// The campus an account belongs to, as the API shows it with a profile or a seller: the
/// campus's id and name (never a raw email domain when campuses are configured), and whether
/// the person proved it by confirming a link mailed to an address at that campus.
public struct CampusMembership: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var verified: Bool

    public init(id: String, name: String, verified: Bool) {
        self.id = id
        self.name = name
        self.verified = verified
    }

    /// "Verified student · University of Michigan", or just the campus's name.
    public var label: Phrase { verified ? "Verified student · \(name)" : .verbatim(name) }
}

/// `POST /api/v1/me/campus-email`: the campus address to verify.
public struct CampusEmailRequest: Codable, Sendable, Equatable {
    public var email: String
    public init(email: String) { self.email = email }
}

/// `POST /api/v1/auth/email-verification`: the token from the mailed link.
public struct EmailVerificationRequest: Codable, Sendable, Equatable {
    public var token: String
    public init(token: String) { self.token = token }
}

/// What the server says after mailing a verification link, or confirming one.
public struct CampusVerificationStatus: Codable, Sendable, Equatable {
    public var message: String
    public var campus: CampusMembership
    public init(message: String, campus: CampusMembership) {
        self.message = message
        self.campus = campus
    }
}

/// A campus people may choose in the feed's picker: `GET /api/v1/campuses`.
public struct CampusInfo: Codable, Sendable, Equatable, Identifiable {
    public var id: String
    public var name: String
    public var timeZone: String
    public init(id: String, name: String, timeZone: String) {
        self.id = id
        self.name = name
        self.timeZone = timeZone
    }
}

/// The roles an operator grants from the command line.
public enum UserRole: String, Codable, Sendable, CaseIterable {
    /// Works the report queue: hides, removes and restores listings, warns and suspends.
    case moderator
    /// A moderator who also reads the audit log.
    case admin
}
