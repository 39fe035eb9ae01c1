import Foundation

/// What an authenticator answered, in WebAuthn's JSON form (`PublicKeyCredential.toJSON()`):
/// binary values are base64url.
public struct PasskeyCredential<Response: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var id: String?
    public var rawId: String?
    public var type: String?
    public var response: Response?

    public init(id: String?, rawId: String? = nil, type: String? = "public-key", response: Response?) {
        self.id = id
        self.rawId = rawId ?? id
        self.type = type
        self.response = response
    }

    /// The credential id's bytes: `rawId` and `id` must agree.
    func credentialID(into errors: inout FieldErrors) -> Data? {
        guard type == "public-key" else {
            errors.note("credential.type", "must be public-key")
            return nil
        }
        guard let id, let bytes = Base64URL.decode(id), !bytes.isEmpty, bytes.count <= 1_023 else {
            errors.note("credential.id", "is required, as base64url")
            return nil
        }
        if let rawId, rawId != id { errors.note("credential.rawId", "must equal id") }
        return bytes
    }
}

/// The `response` of `navigator.credentials.create`.
public struct AttestationResponse: Codable, Sendable, Equatable {
    public var clientDataJSON: String?
    public var attestationObject: String?
    public var transports: [String]?

    public init(clientDataJSON: String?, attestationObject: String?, transports: [String]? = nil) {
        self.clientDataJSON = clientDataJSON
        self.attestationObject = attestationObject
        self.transports = transports
    }
}

/// The `response` of `navigator.credentials.get`.
public struct AssertionResponse: Codable, Sendable, Equatable {
    public var clientDataJSON: String?
    public var authenticatorData: String?
    public var signature: String?
    public var userHandle: String?

    public init(clientDataJSON: String?, authenticatorData: String?, signature: String?, userHandle: String?) {
        self.clientDataJSON = clientDataJSON
        self.authenticatorData = authenticatorData
        self.signature = signature
        self.userHandle = userHandle
    }
}

/// `POST /api/v1/me/passkeys`: a new passkey for the signed-in account, with a name the person
/// will recognise it by ("iPhone", "Laptop").
public struct PasskeyRegistrationRequest: Codable, Sendable, Equatable {
    public var name: String?
    public var credential: PasskeyCredential<AttestationResponse>?

    public init(name: String?, credential: PasskeyCredential<AttestationResponse>?) {
        self.name = name
        self.credential = credential
    }

    public struct Draft: Sendable {
        public var name: String
        public var credentialID: Data
        public var clientDataJSON: Data
        public var attestationObject: Data
        public var transports: [String]
    }

    public func validated() -> Result<Draft, FieldErrorList> {
        var errors = FieldErrors()
        let name = PasskeyRename.normalize(self.name ?? "")
        if let problem = PasskeyRename.problem(name, required: false) { errors.note("name", problem) }
        guard let credential else {
            errors.note("credential", "is required")
            return .failure(FieldErrorList(errors))
        }
        let id = credential.credentialID(into: &errors)
        let clientData = PasskeyFields.bytes(credential.response?.clientDataJSON, "credential.response.clientDataJSON", into: &errors)
        let attestation = PasskeyFields.bytes(credential.response?.attestationObject, "credential.response.attestationObject", into: &errors)
        let transports = (credential.response?.transports ?? []).filter(PasskeyFields.knownTransports.contains)
        guard errors.isEmpty, let id, let clientData, let attestation else { return .failure(FieldErrorList(errors)) }
        return .success(Draft(name: name.isEmpty ? PasskeyRename.defaultName : name, credentialID: id,
                              clientDataJSON: clientData, attestationObject: attestation, transports: transports))
    }
}

/// `POST /api/v1/auth/passkeys`: sign in with a passkey.
public struct PasskeySignInRequest: Codable, Sendable, Equatable {
    public var credential: PasskeyCredential<AssertionResponse>?

    public init(credential: PasskeyCredential<AssertionResponse>?) { self.credential = credential }

    public struct Draft: Sendable {
        public var credentialID: Data
        public var clientDataJSON: Data
        public var authenticatorData: Data
        public var signature: Data
        /// The account the authenticator says the passkey belongs to; must match ours.
        public var userHandle: Data?
    }

    public func validated() -> Result<Draft, FieldErrorList> {
        var errors = FieldErrors()
        guard let credential else { return .failure(FieldErrorList(["credential": "is required"])) }
        let id = credential.credentialID(into: &errors)
        let response = credential.response
        let clientData = PasskeyFields.bytes(response?.clientDataJSON, "credential.response.clientDataJSON", into: &errors)
        let authenticatorData = PasskeyFields.bytes(response?.authenticatorData, "credential.response.authenticatorData", into: &errors)
        let signature = PasskeyFields.bytes(response?.signature, "credential.response.signature", into: &errors)
        var userHandle: Data?
        if let handle = response?.userHandle, !handle.isEmpty {
            userHandle = PasskeyFields.bytes(handle, "credential.response.userHandle", into: &errors)
        }
        guard errors.isEmpty, let id, let clientData, let authenticatorData, let signature else { return .failure(FieldErrorList(errors)) }
        return .success(Draft(credentialID: id, clientDataJSON: clientData, authenticatorData: authenticatorData,
                              signature: signature, userHandle: userHandle))
    }
}

/// `PATCH /api/v1/me/passkeys/{id}`.
public struct PasskeyRename: Codable, Sendable, Equatable {
    public var name: String?
    public init(name: String?) { self.name = name }

    public static let defaultName = "Passkey"
    public static let nameMaxLength = 60

    static func normalize(_ name: String) -> String {
        name.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func problem(_ normalized: String, required: Bool) -> String? {
        if normalized.isEmpty { return required ? "is required" : nil }
        if normalized.count > nameMaxLength { return "must be at most \(nameMaxLength) characters" }
        return nil
    }

    public func validated() -> Result<String, FieldErrorList> {
        let name = Self.normalize(self.name ?? "")
        if let problem = Self.problem(name, required: true) { return .failure(FieldErrorList(["name": problem])) }
        return .success(name)
    }
}

/// One of my passkeys, as the profile lists it.
public struct Passkey: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var name: String
    public var createdAt: Date
    public var lastUsedAt: Date?

    public init(id: UUID, name: String, createdAt: Date, lastUsedAt: Date?) {
        self.id = id
        self.name = name
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}

enum PasskeyFields {
    static let knownTransports: Set<String> = ["usb", "nfc", "ble", "internal", "hybrid", "smart-card"]

    /// A required base64url field's bytes (at most 64 KB: no authenticator sends more).
    static func bytes(_ text: String?, _ field: String, into errors: inout FieldErrors) -> Data? {
        guard let text, !text.isEmpty else {
            errors.note(field, "is required")
            return nil
        }
        guard text.utf8.count <= 90_000, let bytes = Base64URL.decode(text), !bytes.isEmpty else {
            errors.note(field, "must be base64url")
            return nil
        }
        return bytes
    }
}
