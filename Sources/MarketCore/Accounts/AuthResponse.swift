import Foundation

/// Answer to register and login: the account and a new bearer token for this device.
public struct AuthResponse: Codable, Sendable, Equatable {
    public var user: UserProfile
    public var token: String
    public var expiresAt: Date

    public init(user: UserProfile, token: String, expiresAt: Date) {
        self.user = user
        self.token = token
        self.expiresAt = expiresAt
    }
}

/// `GET /api/v1/auth/status`, kept from Expense Tracker.
public struct AuthStatus: Codable, Sendable, Equatable {
    public var isAuthenticated: Bool

    public init(isAuthenticated: Bool) {
        self.isAuthenticated = isAuthenticated
    }
}
