import Foundation

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
