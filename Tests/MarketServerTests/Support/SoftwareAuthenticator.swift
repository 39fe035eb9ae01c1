import Crypto
import CryptoExtras
import Foundation
import MarketCore
@testable import MarketServer

/// A passkey authenticator in software: real keys (swift-crypto) producing real attestation
/// and assertion objects, byte for byte as a platform authenticator builds them, with knobs to
/// make each thing a server must refuse.
final class SoftwareAuthenticator: @unchecked Sendable {
    enum Algorithm { case es256, rs256 }

    enum PrivateKey {
        case es256(P256.Signing.PrivateKey)
        case rs256(_RSA.Signing.PrivateKey)

        func sign(_ data: Data) throws -> Data {
            switch self {
            case .es256(let key): try key.signature(for: data).derRepresentation
            case .rs256(let key): try key.signature(for: data, padding: .insecurePKCS1v1_5).rawRepresentation
            }
        }

        /// The public key as COSE.
        func cose() throws -> CBOR {
            switch self {
            case .es256(let key):
                let raw = key.publicKey.rawRepresentation
                return .map([.init(key: .unsigned(1), value: .unsigned(2)), .init(key: .unsigned(3), value: .negative(-7)),
                             .init(key: .negative(-1), value: .unsigned(1)),
                             .init(key: .negative(-2), value: .bytes(raw.prefix(32))), .init(key: .negative(-3), value: .bytes(raw.suffix(32)))])
            case .rs256(let key):
                let primitives = try key.publicKey.getKeyPrimitives()
                return .map([.init(key: .unsigned(1), value: .unsigned(3)), .init(key: .unsigned(3), value: .negative(-257)),
                             .init(key: .negative(-1), value: .bytes(primitives.modulus)),
                             .init(key: .negative(-2), value: .bytes(primitives.publicExponent))])
            }
        }
    }

    struct Credential {
        let id: Data
        let key: PrivateKey
        let userHandle: Data
        var signCount: UInt32
    }

    let origin: String
    let rpID: String
    private(set) var credentials: [Credential] = []

    init(origin: String = "http://localhost:8080", rpID: String = "localhost") {
        self.origin = origin
        self.rpID = rpID
    }

    /// `navigator.credentials.create`: a new passkey for the options' user.
    func create(_ options: PasskeyOptions.Creation, algorithm: Algorithm = .es256, origin: String? = nil, rpID: String? = nil,
                challenge: String? = nil, userVerified: Bool = true, format: String = "none") throws -> PasskeyCredential<AttestationResponse> {
        let id = Data((0..<32).map { _ in UInt8.random(in: 0...255) })
        let key: PrivateKey = switch algorithm {
        case .es256: .es256(P256.Signing.PrivateKey())
        case .rs256: .rs256(try _RSA.Signing.PrivateKey(keySize: .bits2048))
        }
        let userHandle = Base64URL.decode(options.user.id) ?? Data()
        credentials.append(Credential(id: id, key: key, userHandle: userHandle, signCount: 1))
        var attested = Data(repeating: 0, count: 16)  // AAGUID: none
        attested.append(contentsOf: [UInt8(id.count >> 8), UInt8(id.count & 0xff)])
        attested.append(id)
        attested.append(contentsOf: try key.cose().encoded)
        let authData = authenticatorData(rpID: rpID ?? self.rpID, userVerified: userVerified, attested: true, signCount: 1) + attested
        let attestation = CBOR.map([.init(key: .text("fmt"), value: .text(format)), .init(key: .text("attStmt"), value: .map([])),
                                    .init(key: .text("authData"), value: .bytes(authData))])
        let clientData = Self.clientData(type: "webauthn.create", challenge: challenge ?? options.challenge, origin: origin ?? self.origin)
        return PasskeyCredential(id: Base64URL.encode(id), response: AttestationResponse(
            clientDataJSON: Base64URL.encode(clientData), attestationObject: Base64URL.encode(attestation.encoded), transports: ["internal"]))
    }

    /// `navigator.credentials.get` with the passkey made `index`-th (the last by default).
    func get(_ options: PasskeyOptions.Request, index: Int? = nil, origin: String? = nil, rpID: String? = nil,
             signCount: UInt32? = nil, userHandle: Data? = nil, credentialID: Data? = nil,
             corruptSignature: Bool = false) throws -> PasskeyCredential<AssertionResponse> {
        let position = index ?? credentials.count - 1
        credentials[position].signCount = signCount ?? credentials[position].signCount + 1
        let credential = credentials[position]
        let authData = authenticatorData(rpID: rpID ?? self.rpID, userVerified: true, attested: false, signCount: credential.signCount)
        let clientData = Self.clientData(type: "webauthn.get", challenge: options.challenge, origin: origin ?? self.origin)
        var signature = try credential.key.sign(authData + Data(SHA256.hash(data: clientData)))
        if corruptSignature { signature[signature.count - 1] ^= 0x01 }
        return PasskeyCredential(id: Base64URL.encode(credentialID ?? credential.id), response: AssertionResponse(
            clientDataJSON: Base64URL.encode(clientData), authenticatorData: Base64URL.encode(authData),
            signature: Base64URL.encode(signature), userHandle: Base64URL.encode(userHandle ?? credential.userHandle)))
    }

    private func authenticatorData(rpID: String, userVerified: Bool, attested: Bool, signCount: UInt32) -> Data {
        var data = Data(SHA256.hash(data: Data(rpID.utf8)))
        data.append(0x01 | (userVerified ? 0x04 : 0) | (attested ? 0x40 : 0))
        data.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: signCount >> $0) })
        return data
    }

    private static func clientData(type: String, challenge: String, origin: String) -> Data {
        // Key order as Chromium writes it; the server must not depend on it.
        Data(#"{"type":"\#(type)","challenge":"\#(challenge)","origin":"\#(origin)","crossOrigin":false}"#.utf8)
    }
}

extension CBOR {
    /// Canonical CBOR, as authenticators write it.
    var encoded: [UInt8] {
        func head(_ major: UInt8, _ value: UInt64) -> [UInt8] {
            switch value {
            case 0..<24: [major << 5 | UInt8(value)]
            case 24..<256: [major << 5 | 24, UInt8(value)]
            case 256..<65_536: [major << 5 | 25] + [8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
            case 65_536..<4_294_967_296: [major << 5 | 26] + [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
            default: [major << 5 | 27] + [56, 48, 40, 32, 24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
            }
        }
        switch self {
        case .unsigned(let value): return head(0, value)
        case .negative(let value): return head(1, UInt64(-1 - value))
        case .bytes(let data): return head(2, UInt64(data.count)) + data
        case .text(let text): return head(3, UInt64(text.utf8.count)) + Array(text.utf8)
        case .array(let items): return head(4, UInt64(items.count)) + items.flatMap(\.encoded)
        case .map(let entries): return head(5, UInt64(entries.count)) + entries.flatMap { $0.key.encoded + $0.value.encoded }
        case .bool(let value): return [value ? 0xf5 : 0xf4]
        case .null: return [0xf6]
        }
    }
}
