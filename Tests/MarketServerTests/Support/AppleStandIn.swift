import CryptoExtras
import Foundation
import MarketCore
import JWT
import NIOConcurrencyHelpers
import Vapor
@testable import MarketServer

/// Apple's side of Sign in with Apple, made here: keys the test generates (an RS256 key, as
/// Apple signs with, and an ES256 one), a JWKS endpoint on a loopback port serving their public
/// halves with a cache lifetime, and identity tokens signed with them.
final class AppleStandIn: Sendable {
    static let audience = "edu.campus.market"
    static let issuer = "https://appleid.apple.com"

    let signers: JWTKeyCollection
    private let published: NIOLockedValueBox<[String]>  // the kids the JWKS lists
    private let fetches = NIOLockedValueBox(0)
    private let jwks: [String: [String: String]]
    private let app: Application

    static func start() async throws -> AppleStandIn {
        let rsa = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let rotated = try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
        let ecdsa = ES256PrivateKey()
        let signers = JWTKeyCollection()
        await signers.add(rsa: rsa, digestAlgorithm: .sha256, kid: "rs1")
        await signers.add(rsa: rotated, digestAlgorithm: .sha256, kid: "rs2")
        await signers.add(ecdsa: ecdsa, kid: "es1")
        func rsaJWK(_ key: JWTKit.Insecure.RSA.PrivateKey, kid: String) throws -> [String: String] {
            let primitives = try key.publicKey.getKeyPrimitives()
            return ["kty": "RSA", "kid": kid, "alg": "RS256", "use": "sig",
                    "n": Base64URL.encode(primitives.modulus), "e": Base64URL.encode(primitives.publicExponent)]
        }
        guard let point = ecdsa.publicKey.parameters else { throw Abort(.internalServerError, reason: "no EC parameters") }
        let jwks = [
            "rs1": try rsaJWK(rsa, kid: "rs1"),
            "rs2": try rsaJWK(rotated, kid: "rs2"),
            "es1": ["kty": "EC", "kid": "es1", "alg": "ES256", "use": "sig", "crv": "P-256", "x": point.x, "y": point.y],
        ]
        let app = try await Application.make(.testing)
        app.logger.logLevel = .warning
        let standIn = AppleStandIn(signers: signers, jwks: jwks, app: app)
        app.get("auth", "keys") { [standIn] _ in standIn.keySet() }
        try await app.server.start(address: .hostname("127.0.0.1", port: 0))
        guard let port = app.http.server.shared.localAddress?.port else { throw Abort(.internalServerError, reason: "no port") }
        standIn.urlBox.withLockedValue { $0 = "http://127.0.0.1:\(port)/auth/keys" }
        return standIn
    }

    private let urlBox = NIOLockedValueBox("")

    private init(signers: JWTKeyCollection, jwks: [String: [String: String]], app: Application) {
        self.signers = signers
        self.jwks = jwks
        self.app = app
        self.published = NIOLockedValueBox(["rs1", "es1"])
    }

    var jwksURL: String { urlBox.withLockedValue { $0 } }
    var fetchCount: Int { fetches.withLockedValue { $0 } }

    /// Apple rotates: `rs2` joins the published set.
    func publishRotatedKey() { published.withLockedValue { $0.append("rs2") } }

    private func keySet() -> Response {
        fetches.withLockedValue { $0 += 1 }
        let keys = published.withLockedValue { $0 }.compactMap { jwks[$0] }
        let response = Response(status: .ok, body: .init(data: try! JSONSerialization.data(withJSONObject: ["keys": keys])))
        response.headers.contentType = .json
        response.headers.replaceOrAdd(name: .cacheControl, value: "max-age=3600")
        return response
    }

    /// An identity token as Apple makes it; each argument spoils one part for a refusal test.
    /// `nonceHash` is the claim as the web flow asked Apple for it (the raw nonce stays in the browser).
    func token(subject: String = "001234.apple.subject", email: String? = "ada@campus.edu", privateEmail: Bool = false,
               nonce: String?, nonceHash: String? = nil, audience: String = AppleStandIn.audience, issuer: String = AppleStandIn.issuer,
               expires: Date = Date().addingTimeInterval(600), kid: String = "rs1") async throws -> String {
        let claims = AppleIdentityToken(
            issuer: .init(value: issuer), audience: .init(value: [audience]), expires: .init(value: expires),
            issuedAt: .init(value: Date()), subject: .init(value: subject), nonce: nonceHash ?? nonce.map(SessionTokens.hash),
            email: email, isPrivateEmail: privateEmail ? .init(value: true) : nil)
        return try await signers.sign(claims, kid: JWKIdentifier(string: kid))
    }

    func stop() async {
        await app.server.shutdown()
        try? await app.asyncShutdown()
    }
}
