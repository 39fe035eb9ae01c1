import Foundation

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
