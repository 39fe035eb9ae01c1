import Foundation

/// What the server asks an authenticator for, in WebAuthn's JSON form (binary values are
/// base64url), so a browser can pass it to `PublicKeyCredential.parseCreationOptionsFromJSON`
/// and an iOS app to `ASAuthorizationPlatformPublicKeyCredentialProvider`.
public enum PasskeyOptions {
    /// `POST /api/v1/me/passkeys/options`: options for `navigator.credentials.create`.
    public struct Creation: Codable, Sendable, Equatable {
        public var challenge: String
        public var rp: RelyingParty
        public var user: User
        public var pubKeyCredParams: [Parameter]
        /// Milliseconds.
        public var timeout: Int
        public var attestation: String
        public var excludeCredentials: [Descriptor]
        public var authenticatorSelection: Selection

        public init(challenge: String, rp: RelyingParty, user: User, pubKeyCredParams: [Parameter], timeout: Int,
                    attestation: String, excludeCredentials: [Descriptor], authenticatorSelection: Selection) {
            self.challenge = challenge
            self.rp = rp
            self.user = user
            self.pubKeyCredParams = pubKeyCredParams
            self.timeout = timeout
            self.attestation = attestation
            self.excludeCredentials = excludeCredentials
            self.authenticatorSelection = authenticatorSelection
        }
    }

    /// `POST /api/v1/auth/passkeys/options`: options for `navigator.credentials.get`. No
    /// credentials are listed: passkeys are discoverable, so the person picks one (and nothing
    /// tells a stranger which accounts have which passkeys).
    public struct Request: Codable, Sendable, Equatable {
        public var challenge: String
        public var rpId: String
        /// Milliseconds.
        public var timeout: Int
        public var userVerification: String
        public var allowCredentials: [Descriptor]

        public init(challenge: String, rpId: String, timeout: Int, userVerification: String, allowCredentials: [Descriptor] = []) {
            self.challenge = challenge
            self.rpId = rpId
            self.timeout = timeout
            self.userVerification = userVerification
            self.allowCredentials = allowCredentials
        }
    }

    public struct RelyingParty: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public init(id: String, name: String) { self.id = id; self.name = name }
    }

    /// `id` is the user handle (base64url): opaque, never the email.
    public struct User: Codable, Sendable, Equatable {
        public var id: String
        public var name: String
        public var displayName: String
        public init(id: String, name: String, displayName: String) { self.id = id; self.name = name; self.displayName = displayName }
    }

    public struct Parameter: Codable, Sendable, Equatable {
        public var type: String
        /// A COSE algorithm: -7 is ES256, -257 is RS256.
        public var alg: Int
        public init(alg: Int) { self.type = "public-key"; self.alg = alg }
    }

    public struct Descriptor: Codable, Sendable, Equatable {
        public var type: String
        public var id: String
        public var transports: [String]?
        public init(id: String, transports: [String]? = nil) { self.type = "public-key"; self.id = id; self.transports = transports }
    }

    public struct Selection: Codable, Sendable, Equatable {
        public var residentKey: String
        public var requireResidentKey: Bool
        public var userVerification: String
        public init(residentKey: String, requireResidentKey: Bool, userVerification: String) {
            self.residentKey = residentKey
            self.requireResidentKey = requireResidentKey
            self.userVerification = userVerification
        }
    }
}
