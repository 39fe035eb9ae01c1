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
