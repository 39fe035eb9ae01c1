import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Sign in with Apple against a local stand-in for Apple (keys the test made, served as a JWKS):
/// every claim checked, nonces single-use, no merge by email.
@Suite("Sign in with Apple", .serialized)
struct AppleSignInTests {
    static func withAppleApp(_ apple: AppleStandIn, _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(adjust: { settings in
            settings.appleAudiences = [AppleStandIn.audience, "edu.campus.market.web"]
            settings.appleJWKSURL = apple.jwksURL
        }, test)
    }

    static func nonce(_ app: Application) async throws -> String {
        let response = try await app.send(.POST, "/api/v1/auth/apple/nonce")
        #expect(response.status == .created, "\(response.text)")
        return try response.decode(AppleNonce.self).nonce
    }

    static func signIn(_ app: Application, token: String, nonce: String? = nil, name: String? = nil) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/auth/apple", json: AppleSignInRequest(identityToken: token, nonce: nonce, name: name))
    }

    @Test("with APPLE_AUDIENCES unset, the routes do not exist")
    func offByDefault() async throws {
        try await withTestApp { app in
            let nonce = try await app.send(.POST, "/api/v1/auth/apple/nonce")
            let signIn = try await Self.signIn(app, token: "x")
            #expect(nonce.status == .notFound && signIn.status == .notFound)
        }
    }

    @Test("an address's unanswered nonces are limited (429); a sign-in forgives the nonce it used")
    func noncesThrottled() async throws {
        let apple = try await AppleStandIn.start()
        try await withTestApp(adjust: { settings in
            settings.appleAudiences = [AppleStandIn.audience]
            settings.appleJWKSURL = apple.jwksURL
            settings.loginThrottle.maxFailuresPerAddress = 2
        }) { app in
            let used = try await Self.nonce(app)
            #expect(try await Self.signIn(app, token: try await apple.token(nonce: used), nonce: used, name: "Ada Apple").status == .created)
            _ = try await Self.nonce(app)
            _ = try await Self.nonce(app)
            let refused = try await app.send(.POST, "/api/v1/auth/apple/nonce")
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            #expect(try await AppleNonceRecord.query(on: app.db).count() == 3)
        }
        await apple.stop()
    }

    @Test("a first sign-in creates the account with the name Apple sent once; later ones sign in to it")
    func signInAndAgain() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let nonce = try await Self.nonce(app)
            let first = try await Self.signIn(app, token: try await apple.token(nonce: nonce), nonce: nonce, name: "Ada Apple")
            #expect(first.status == .created, "\(first.text)")
            let created = try first.decode(AuthResponse.self)
            #expect(created.user.name == "Ada Apple" && created.user.email == "ada@campus.edu")
            #expect(created.user.appleLinked && !created.user.hasPassword)
            #expect(try await app.send(.GET, "/api/v1/me", token: created.token).status == .ok)

            // Signed with the ES256 key this time; Apple sends no name after the first sign-in.
            let again = try await Self.nonce(app)
            let second = try await Self.signIn(app, token: try await apple.token(nonce: again, kid: "es1"))
            #expect(second.status == .ok, "\(second.text)")
            let signedIn = try second.decode(AuthResponse.self)
            #expect(signedIn.user.id == created.user.id && signedIn.user.name == "Ada Apple")
            // The key set was fetched once and then served from its cache.
            #expect(apple.fetchCount == 1)
        }
        await apple.stop()
    }

    @Test("refused: expired, wrong audience, wrong issuer, bad signature, unknown key")
    func claimsChecked() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let cases: [(String, String)] = [
                ("expired", try await apple.token(nonce: try await Self.nonce(app), expires: Date().addingTimeInterval(-60))),
                ("wrong audience", try await apple.token(nonce: try await Self.nonce(app), audience: "com.someone.else")),
                ("wrong issuer", try await apple.token(nonce: try await Self.nonce(app), issuer: "https://evil.example")),
                // Signed by the rotated key but claiming to be rs1: the signature does not verify.
                ("bad signature", Self.resigned(try await apple.token(nonce: try await Self.nonce(app)),
                                                with: try await apple.token(nonce: "other", kid: "rs2"))),
                ("unknown key", try await apple.token(nonce: try await Self.nonce(app), kid: "rs2")),
            ]
            for (name, token) in cases {
                let response = try await Self.signIn(app, token: token)
                #expect(response.status == .unauthorized, "\(name): \(response.text)")
                #expect(try response.error.code == "apple_token_invalid", "\(name)")
            }
            // The unknown key made the set be fetched again, once (the first fetch plus one).
            #expect(apple.fetchCount == 2)
            #expect(try await UserRecord.query(on: app.db).count() == 0)
        }
        await apple.stop()
    }

    @Test("Apple rotates its keys: a token with the new key id is accepted after one re-fetch")
    func rotation() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let warm = try await Self.nonce(app)
            #expect(try await Self.signIn(app, token: try await apple.token(nonce: warm)).status == .created)
            apple.publishRotatedKey()
            let nonce = try await Self.nonce(app)
            let response = try await Self.signIn(app, token: try await apple.token(nonce: nonce, kid: "rs2"))
            #expect(response.status == .ok, "\(response.text)")
            #expect(apple.fetchCount == 2)
        }
        await apple.stop()
    }

    @Test("nonces: required, issued by us, single-use, and matching the one sent")
    func nonces() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let missing = try await Self.signIn(app, token: try await apple.token(nonce: nil))
            #expect(try missing.error.code == "apple_nonce_invalid")
            let madeUp = try await Self.signIn(app, token: try await apple.token(nonce: "never-issued"))
            #expect(try madeUp.error.code == "apple_nonce_invalid")

            let nonce = try await Self.nonce(app)
            let token = try await apple.token(nonce: nonce)
            let mismatch = try await Self.signIn(app, token: token, nonce: "not-the-nonce")
            #expect(try mismatch.error.code == "apple_nonce_invalid")
            #expect(try await Self.signIn(app, token: token, nonce: nonce).status == .created)
            let replayed = try await Self.signIn(app, token: token, nonce: nonce)
            #expect(replayed.status == .unauthorized)
            #expect(try replayed.error.code == "apple_nonce_invalid")
        }
        await apple.stop()
    }

    @Test("an Apple ID whose email a password account uses is not merged: the owner links it from the profile")
    func noMergeThenLink() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let owner = try await app.register(email: "ada@campus.edu")
            let refused = try await Self.signIn(app, token: try await apple.token(nonce: try await Self.nonce(app)))
            #expect(refused.status == .conflict)
            #expect(try refused.error.code == "apple_email_in_use")
            #expect(try await UserRecord.query(on: app.db).count() == 1)

            let linkNonce = try await Self.nonce(app)
            let linked = try await app.send(.POST, "/api/v1/me/apple",
                                            json: AppleSignInRequest(identityToken: try await apple.token(nonce: linkNonce)), token: owner.token)
            #expect(linked.status == .ok, "\(linked.text)")
            #expect(try linked.decode(UserProfile.self).appleLinked)

            let viaApple = try await Self.signIn(app, token: try await apple.token(nonce: try await Self.nonce(app)))
            #expect(viaApple.status == .ok)
            #expect(try viaApple.decode(AuthResponse.self).user.id == owner.user.id)

            // Another account cannot take the same Apple ID.
            let other = try await app.register(email: "bob@campus.edu")
            let taken = try await app.send(.POST, "/api/v1/me/apple",
                                           json: AppleSignInRequest(identityToken: try await apple.token(nonce: try await Self.nonce(app))), token: other.token)
            #expect(try taken.error.code == "apple_already_linked")

            // Unlinking is allowed while the password remains.
            let unlinked = try await app.send(.DELETE, "/api/v1/me/apple", token: owner.token)
            #expect(unlinked.status == .ok)
            #expect(try unlinked.decode(UserProfile.self).appleLinked == false)
        }
        await apple.stop()
    }

    @Test("a private relay address is the contact email; Apple cannot be unlinked from an Apple-only account")
    func privateRelay() async throws {
        let apple = try await AppleStandIn.start()
        try await Self.withAppleApp(apple) { app in
            let relay = "x7k2abc@privaterelay.appleid.com"
            let response = try await Self.signIn(app, token: try await apple.token(subject: "002.relay", email: relay, privateEmail: true,
                                                                                     nonce: try await Self.nonce(app)))
            #expect(response.status == .created)
            let account = try response.decode(AuthResponse.self)
            #expect(account.user.contact == ContactMethod(kind: .email, value: relay))
            #expect(account.user.campus == nil && account.user.name == AppleSignInService.defaultName)

            let unlink = try await app.send(.DELETE, "/api/v1/me/apple", token: account.token)
            #expect(unlink.status == .conflict)
            #expect(try unlink.error.code == "last_sign_in_method")
        }
        await apple.stop()
    }

    /// `token`'s header and claims with `other`'s signature.
    static func resigned(_ token: String, with other: String) -> String {
        let parts = token.split(separator: ".")
        return parts[0] + "." + parts[1] + "." + other.split(separator: ".")[2]
    }
}
