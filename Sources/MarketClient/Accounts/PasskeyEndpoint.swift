import Foundation
import MarketCore

/// Passkeys (WebAuthn): adding one to the signed-in account, signing in with one, and
/// listing, renaming and removing them.
public enum PasskeyEndpoint: Endpoint {
    /// Answers `PasskeyOptions/Creation` for `ASAuthorizationPlatformPublicKeyCredentialProvider`.
    case registrationOptions
    /// Answers the new `Passkey` (201).
    case register(PasskeyRegistrationRequest)
    /// Answers `PasskeyOptions/Request`.
    case signInOptions
    /// Answers `AuthResponse`.
    case signIn(PasskeySignInRequest)
    /// Answers `[Passkey]`, oldest first.
    case list
    /// Answers the renamed `Passkey`.
    case rename(UUID, PasskeyRename)
    /// 204; 409 when it is the last way to sign in.
    case remove(UUID)

    public var method: String {
        switch self {
        case .list: "GET"
        case .rename: "PATCH"
        case .remove: "DELETE"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .registrationOptions: "auth/passkeys/registration/options"
        case .register: "auth/passkeys/registration"
        case .signInOptions: "auth/passkeys/authentication/options"
        case .signIn: "auth/passkeys/authentication"
        case .list: "me/passkeys"
        case .rename(let id, _), .remove(let id): "me/passkeys/\(id.wireString)"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .register(let request): request
        case .signIn(let request): request
        case .rename(_, let request): request
        default: nil
        }
    }
}
