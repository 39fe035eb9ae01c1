import MarketCore

/// Sign in with Apple: a single-use nonce, signing in with Apple's identity token, and linking
/// or unlinking Apple on the signed-in account.
public enum AppleEndpoint: Endpoint {
    /// Answers `AppleNonce` (201); pass its SHA-256 to `ASAuthorizationAppleIDRequest.nonce`.
    case nonce
    /// Answers `AuthResponse`: 201 for a new account, 200 for the linked one.
    case signIn(AppleSignInRequest)
    /// Answers the `UserProfile` with Apple linked.
    case link(AppleSignInRequest)
    /// Answers the `UserProfile`; 409 when no other way to sign in remains.
    case unlink

    public var method: String {
        switch self {
        case .unlink: "DELETE"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .nonce: "auth/apple/nonce"
        case .signIn: "auth/apple"
        case .link, .unlink: "me/apple"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .signIn(let request), .link(let request): request
        case .nonce, .unlink: nil
        }
    }
}
