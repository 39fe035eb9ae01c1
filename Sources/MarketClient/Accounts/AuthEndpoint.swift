import MarketCore

/// `/api/v1/auth`: registering, signing in and out by password, the session's status, and a
/// forgotten password. Apple and passkeys have their own enums (``AppleEndpoint``, ``PasskeyEndpoint``).
public enum AuthEndpoint: Endpoint {
    /// Answers `RegistrationOutcome`: `AuthResponse` (201), or on a server that confirms sign-ups
    /// by mail `SignUpMailed` (202), the same for any address.
    case register(RegisterRequest)
    /// Creates the account the mailed link was for; answers `AuthResponse` (201).
    case confirmRegistration(SignUpConfirmation)
    /// Answers `AuthResponse`.
    case login(LoginRequest)
    /// Revokes the token sent (204).
    case logout
    /// Answers `AuthStatus`, always 200.
    case status
    /// Mails a reset link if an account uses the address; answers `PasswordResetAccepted` (202) either way.
    case requestPasswordReset(PasswordResetRequest)
    /// Sets the new password with the mailed token; answers `AuthResponse`.
    case confirmPasswordReset(PasswordResetConfirmation)

    public var method: String {
        switch self {
        case .status: "GET"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .register: "auth/register"
        case .confirmRegistration: "auth/register/confirm"
        case .login: "auth/login"
        case .logout: "auth/logout"
        case .status: "auth/status"
        case .requestPasswordReset: "auth/password-reset"
        case .confirmPasswordReset: "auth/password-reset/confirm"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .register(let request): request
        case .confirmRegistration(let request): request
        case .login(let request): request
        case .requestPasswordReset(let request): request
        case .confirmPasswordReset(let request): request
        case .logout, .status: nil
        }
    }
}
