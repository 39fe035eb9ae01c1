import Foundation

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
