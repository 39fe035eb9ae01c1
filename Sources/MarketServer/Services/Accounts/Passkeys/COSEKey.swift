import Crypto
import CryptoExtras
import Foundation

/// A credential public key in COSE form (RFC 9053), for the two algorithms passkeys use:
/// ES256 (-7, P-256) from phones and laptops, RS256 (-257) from Windows Hello.
enum COSEKey {
    case es256(P256.Signing.PublicKey)
    case rs256(_RSA.Signing.PublicKey)

    static let es256Algorithm = -7
    static let rs256Algorithm = -257
    static let supportedAlgorithms = [es256Algorithm, rs256Algorithm]

    // COSE labels: kty 1, alg 3; EC2 crv -1, x -2, y -3; RSA n -1, e -2.
    init(_ key: CBOR) throws {
        switch (key[1]?.integer, key[3]?.integer) {
        case (2, Self.es256Algorithm):
            guard key[-1]?.integer == 1, let x = key[-2]?.byteString, let y = key[-3]?.byteString, x.count == 32, y.count == 32 else {
                throw WebAuthnError.badPublicKey("an ES256 key must be a P-256 point with 32-byte coordinates")
            }
            do { self = .es256(try P256.Signing.PublicKey(rawRepresentation: x + y)) } catch {
                throw WebAuthnError.badPublicKey("the ES256 key is not a point on P-256")
            }
        case (3, Self.rs256Algorithm):
            guard let n = key[-1]?.byteString, let e = key[-2]?.byteString, !n.isEmpty, !e.isEmpty, e.count <= 8 else {
                throw WebAuthnError.badPublicKey("an RS256 key needs a modulus and an exponent")
            }
            do { self = .rs256(try _RSA.Signing.PublicKey(n: n, e: e)) } catch {
                throw WebAuthnError.badPublicKey("the RS256 key is invalid or shorter than 2048 bits")
            }
        default:
            throw WebAuthnError.badPublicKey("only ES256 (-7) and RS256 (-257) keys are accepted")
        }
    }

    /// Parses the stored COSE bytes.
    init(stored bytes: Data) throws {
        try self.init(CBORReader.decode(bytes))
    }

    var algorithm: Int {
        switch self {
        case .es256: Self.es256Algorithm
        case .rs256: Self.rs256Algorithm
        }
    }

    /// Whether `signature` signs `data` (both algorithms hash with SHA-256 first).
    func isValidSignature(_ signature: Data, for data: Data) -> Bool {
        switch self {
        case .es256(let key):
            // WebAuthn's ECDSA signatures are ASN.1 DER.
            guard let decoded = try? P256.Signing.ECDSASignature(derRepresentation: signature) else { return false }
            return key.isValidSignature(decoded, for: data)
        case .rs256(let key):
            return key.isValidSignature(_RSA.Signing.RSASignature(rawRepresentation: signature), for: data, padding: .insecurePKCS1v1_5)
        }
    }
}
