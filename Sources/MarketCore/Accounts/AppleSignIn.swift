import Foundation

/// `POST /api/v1/auth/apple/nonce` → a single-use nonce for one Sign in with Apple. The app
/// gives Apple its SHA-256 (hex) as the request's nonce.
public struct AppleNonce: Codable, Sendable, Equatable {
    public var nonce: String
    public var expiresAt: Date

    public init(nonce: String, expiresAt: Date) {
        self.nonce = nonce
        self.expiresAt = expiresAt
    }
}
