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
