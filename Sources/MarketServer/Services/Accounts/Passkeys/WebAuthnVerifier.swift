import Crypto
import Foundation
import MarketCore

/// The checks of WebAuthn's two ceremonies (Level 2, §7.1 and §7.2) that need no database:
/// the client data, the authenticator data, the attestation and the signature. Challenges and
/// stored credentials are `PasskeyService`'s.
struct WebAuthnVerifier {
    /// The site's domain; credentials are scoped to it.
    let relyingPartyID: String
    /// The exact origins (`https://market.campus.edu`) pages may run the ceremonies from.
    let origins: [String]

    /// What the browser says it signed (`clientDataJSON`).
    struct ClientData: Decodable {
        let type: String
        let challenge: String
        let origin: String
        let crossOrigin: Bool?
    }

    static let creationType = "webauthn.create"
    static let assertionType = "webauthn.get"

    /// The client data, checked for its ceremony and origin; its challenge is for the caller to
    /// find and use up.
    func clientData(_ json: Data, type: String) throws -> ClientData {
        guard let data = try? JSONDecoder().decode(ClientData.self, from: json) else {
            throw WebAuthnError.malformed("clientDataJSON is not the JSON a browser sends")
        }
        guard data.type == type else { throw WebAuthnError.refused("the client data is for \(data.type), not \(type)") }
        guard origins.contains(data.origin) else { throw WebAuthnError.refused("the origin \(data.origin) is not this site's") }
        guard data.crossOrigin != true else { throw WebAuthnError.refused("the ceremony ran in a frame of another site") }
        return data
    }

    /// A registration's attestation object (format `none`): the new credential and its first
    /// counter, once the authenticator data is for this site, with the person present and verified.
    func registeredCredential(attestationObject: Data, credentialID: Data) throws -> (credential: AuthenticatorData.AttestedCredential, signCount: UInt32) {
        let object: CBOR
        do { object = try CBORReader.decode(attestationObject) } catch { throw WebAuthnError.malformed("the attestation object is not CBOR: \(error)") }
        guard object["fmt"]?.textString == "none" else {
            throw WebAuthnError.refused("only attestation format none is accepted (the options ask for none)")
        }
        guard object["attStmt"] == .map([]) else { throw WebAuthnError.malformed("attestation none must have an empty statement") }
        guard let authData = object["authData"]?.byteString else { throw WebAuthnError.malformed("the attestation object has no authData") }
        let data = try checkedAuthenticatorData(authData)
        guard let credential = data.attestedCredential else { throw WebAuthnError.malformed("the authenticator data holds no new credential") }
        guard credential.id == credentialID else { throw WebAuthnError.refused("the credential id differs from the attested one") }
        return (credential, data.signCount)
    }

    /// An assertion's signature counter, once its authenticator data is for this site (present,
    /// verified) and the signature over it and the client data's hash checks with `key`.
    func assertedSignCount(authenticatorData: Data, clientDataJSON: Data, signature: Data, key: COSEKey) throws -> UInt32 {
        let data = try checkedAuthenticatorData(authenticatorData)
        let signed = authenticatorData + Data(SHA256.hash(data: clientDataJSON))
        guard key.isValidSignature(signature, for: signed) else { throw WebAuthnError.refused("the signature does not match the passkey") }
        return data.signCount
    }

    private func checkedAuthenticatorData(_ bytes: Data) throws -> AuthenticatorData {
        let data = try AuthenticatorData(bytes)
        guard data.rpIDHash == Data(SHA256.hash(data: Data(relyingPartyID.utf8))) else {
            throw WebAuthnError.refused("the passkey is for another site than \(relyingPartyID)")
        }
        guard data.flags.contains(.userPresent) else { throw WebAuthnError.refused("the authenticator did not see the person") }
        guard data.flags.contains(.userVerified) else {
            throw WebAuthnError.refused("the authenticator did not verify the person (PIN, fingerprint or face)")
        }
        return data
    }
}
