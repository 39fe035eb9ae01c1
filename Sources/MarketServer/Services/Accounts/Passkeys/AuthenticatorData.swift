import Foundation

/// The authenticator's own statement, signed with every assertion (WebAuthn §6.1): which
/// relying party it was for, whether the person was present and verified, the signature
/// counter, and on registration the new credential.
struct AuthenticatorData {
    struct Flags: OptionSet {
        let rawValue: UInt8
        static let userPresent = Flags(rawValue: 0x01)
        static let userVerified = Flags(rawValue: 0x04)
        static let attestedCredential = Flags(rawValue: 0x40)
        static let extensions = Flags(rawValue: 0x80)
    }

    struct AttestedCredential {
        let aaguid: Data
        let id: Data
        let publicKey: COSEKey
        /// The key as the authenticator encoded it: what is stored.
        let publicKeyBytes: Data
    }

    let rpIDHash: Data
    let flags: Flags
    let signCount: UInt32
    let attestedCredential: AttestedCredential?

    init(_ data: Data) throws {
        let bytes = [UInt8](data)
        guard bytes.count >= 37 else { throw WebAuthnError.malformed("authenticator data is shorter than 37 bytes") }
        rpIDHash = Data(bytes[0..<32])
        flags = Flags(rawValue: bytes[32])
        signCount = bytes[33..<37].reduce(0) { $0 << 8 | UInt32($1) }
        var offset = 37
        if flags.contains(.attestedCredential) {
            guard bytes.count >= offset + 18 else { throw WebAuthnError.malformed("attested credential data ends early") }
            let aaguid = Data(bytes[offset..<offset + 16])
            let length = Int(bytes[offset + 16]) << 8 | Int(bytes[offset + 17])
            offset += 18
            guard length > 0, length <= 1_023, bytes.count >= offset + length else {
                throw WebAuthnError.malformed("the credential id's length is wrong")
            }
            let id = Data(bytes[offset..<offset + length])
            offset += length
            var reader = CBORReader(Data(bytes[offset...]))
            let key: CBOR
            do { key = try reader.read() } catch { throw WebAuthnError.malformed("the credential public key is not CBOR: \(error)") }
            let keyBytes = Data(bytes[offset..<offset + reader.offset])
            offset += reader.offset
            attestedCredential = AttestedCredential(aaguid: aaguid, id: id, publicKey: try COSEKey(key), publicKeyBytes: keyBytes)
        } else {
            attestedCredential = nil
        }
        if flags.contains(.extensions) {
            var reader = CBORReader(Data(bytes[offset...]))
            do { _ = try reader.read() } catch { throw WebAuthnError.malformed("the extensions are not CBOR: \(error)") }
            offset += reader.offset
        }
        guard offset == bytes.count else { throw WebAuthnError.malformed("authenticator data has trailing bytes") }
    }
}
