import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Passkeys against a software authenticator making real attestation and assertion objects:
/// both algorithms work, and each thing WebAuthn says to refuse is refused.
@Suite("Passkeys")
struct PasskeyTests {
    static func creationOptions(_ app: Application, token: String) async throws -> PasskeyOptions.Creation {
        let response = try await app.send(.POST, "/api/v1/auth/passkeys/registration/options", token: token)
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode()
    }

    static func requestOptions(_ app: Application) async throws -> PasskeyOptions.Request {
        let response = try await app.send(.POST, "/api/v1/auth/passkeys/authentication/options")
        #expect(response.status == .ok, "\(response.text)")
        return try response.decode()
    }

    static func finishRegistration(_ app: Application, token: String, _ credential: PasskeyCredential<AttestationResponse>,
                                   name: String? = "Phone") async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/auth/passkeys/registration",
                           json: PasskeyRegistrationRequest(name: name, credential: credential), token: token)
    }

    /// Registers a passkey made by `authenticator` for the account of `token`.
    @discardableResult
    static func addPasskey(_ app: Application, token: String, _ authenticator: SoftwareAuthenticator,
                           algorithm: SoftwareAuthenticator.Algorithm = .es256, name: String = "Phone") async throws -> Passkey {
        let credential = try authenticator.create(try await creationOptions(app, token: token), algorithm: algorithm)
        let response = try await finishRegistration(app, token: token, credential, name: name)
        #expect(response.status == .created, "\(response.text)")
        return try response.decode()
    }

    static func signIn(_ app: Application, _ credential: PasskeyCredential<AssertionResponse>) async throws -> TestResponse {
        try await app.send(.POST, "/api/v1/auth/passkeys/authentication", json: PasskeySignInRequest(credential: credential))
    }

    @Test("an address's unanswered sign-in challenges are limited (429 with Retry-After); a completed sign-in forgives its own")
    func challengesThrottled() async throws {
        try await withTestApp(adjust: { $0.loginThrottle.maxFailuresPerAddress = 3 }) { app in
            let account = try await app.register(name: "Pat Passkey")
            let authenticator = SoftwareAuthenticator()
            try await Self.addPasskey(app, token: account.token, authenticator)
            // Answered: forgiven. Then three left unanswered reach the limit.
            #expect(try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app))).status == .ok)
            for _ in 1...3 { _ = try await Self.requestOptions(app) }
            let refused = try await app.send(.POST, "/api/v1/auth/passkeys/authentication/options")
            #expect(refused.status == .tooManyRequests, "\(refused.text)")
            #expect(refused.text.contains("too_many_attempts") && refused.headers.first(name: .retryAfter) != nil)
            // Nothing was stored for the refused ask.
            let stored = try await PasskeyChallengeRecord.query(on: app.db).filter(\.$purpose == "authentication").count()
            #expect(stored == 4)
        }
    }

    @Test("an ES256 and an RS256 passkey each register and sign in to their account", arguments: [
        SoftwareAuthenticator.Algorithm.es256, .rs256,
    ])
    func registerAndSignIn(algorithm: SoftwareAuthenticator.Algorithm) async throws {
        try await withTestApp { app in
            let account = try await app.register(name: "Pat Passkey")
            let authenticator = SoftwareAuthenticator()
            let options = try await Self.creationOptions(app, token: account.token)
            #expect(options.rp.id == "localhost" && options.attestation == "none")
            #expect(options.user.displayName == "Pat Passkey" && !options.user.id.contains(account.user.email))
            #expect(options.pubKeyCredParams.map(\.alg) == [-7, -257])
            let added = try await Self.addPasskey(app, token: account.token, authenticator, algorithm: algorithm, name: "  My   laptop ")
            #expect(added.name == "My laptop" && added.lastUsedAt == nil)

            let response = try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app)))
            #expect(response.status == .ok, "\(response.text)")
            let session = try response.decode(AuthResponse.self)
            #expect(session.user.id == account.user.id)
            #expect(try await app.send(.GET, "/api/v1/me", token: session.token).status == .ok)
            let listed = try await app.send(.GET, "/api/v1/me/passkeys", token: account.token).decode([Passkey].self)
            #expect(listed.map(\.id) == [added.id] && listed[0].lastUsedAt != nil)
            // The next options exclude it, so the authenticator does not make a second one.
            #expect(try await Self.creationOptions(app, token: account.token).excludeCredentials.map(\.id)
                == authenticator.credentials.map { Base64URL.encode($0.id) })
        }
    }

    @Test("a registration is refused for a wrong origin or rpId, a reused or foreign challenge, no user verification, attestation other than none")
    func registrationRefusals() async throws {
        try await withTestApp { app in
            let account = try await app.register()
            let other = try await app.register()
            let authenticator = SoftwareAuthenticator()
            let otherOptions = try await Self.creationOptions(app, token: other.token)
            let cases: [(String, (PasskeyOptions.Creation) throws -> PasskeyCredential<AttestationResponse>, String, String)] = [
                ("wrong origin", { try authenticator.create($0, origin: "https://evil.example") }, "passkey_invalid", "origin"),
                ("wrong rpId", { try authenticator.create($0, rpID: "evil.example") }, "passkey_invalid", "another site"),
                ("another account's challenge", { _ in try authenticator.create(otherOptions) }, "passkey_challenge_invalid", "expired"),
                ("made-up challenge", { try authenticator.create($0, challenge: "bm90LWlzc3VlZA") }, "passkey_challenge_invalid", "expired"),
                ("user not verified", { try authenticator.create($0, userVerified: false) }, "passkey_invalid", "verify"),
                ("packed attestation", { try authenticator.create($0, format: "packed") }, "passkey_invalid", "format none"),
            ]
            for (name, make, code, words) in cases {
                let response = try await Self.finishRegistration(app, token: account.token, try make(try await Self.creationOptions(app, token: account.token)))
                #expect(response.status == .unprocessableEntity, "\(name): \(response.text)")
                #expect(try response.error.code == code && response.error.message.contains(words), "\(name): \(response.text)")
            }
            // A challenge answered once cannot be answered again, even with a good answer.
            let options = try await Self.creationOptions(app, token: account.token)
            #expect(try await Self.finishRegistration(app, token: account.token, try authenticator.create(options)).status == .created)
            let replay = try await Self.finishRegistration(app, token: account.token, try authenticator.create(options))
            #expect(try replay.status == .unprocessableEntity && replay.error.code == "passkey_challenge_invalid")
            #expect(try await app.send(.GET, "/api/v1/me/passkeys", token: account.token).decode([Passkey].self).count == 1)
            // Malformed input names its field.
            let empty = try await Self.finishRegistration(app, token: account.token, PasskeyCredential(id: "***", rawId: "other", response: nil))
            #expect(empty.status == .unprocessableEntity)
            #expect(try Set(empty.error.fields?.keys.map { $0 } ?? []) == ["credential.id",
                                                                           "credential.response.clientDataJSON", "credential.response.attestationObject"], "\(empty.text)")
            #expect(try await app.send(.POST, "/api/v1/auth/passkeys/registration/options").status == .unauthorized)
        }
    }

    @Test("a sign-in is refused for a wrong origin or rpId, a reused challenge, a bad signature, a counter going back, an unknown credential, another user's handle")
    func signInRefusals() async throws {
        try await withTestApp { app in
            let account = try await app.register()
            let authenticator = SoftwareAuthenticator()
            try await Self.addPasskey(app, token: account.token, authenticator)
            let unknownID = Data(repeating: 7, count: 32)
            let cases: [(String, (PasskeyOptions.Request) throws -> PasskeyCredential<AssertionResponse>, String)] = [
                ("wrong origin", { try authenticator.get($0, origin: "https://evil.example") }, "origin"),
                ("wrong rpId", { try authenticator.get($0, rpID: "evil.example") }, "another site"),
                ("bad signature", { try authenticator.get($0, corruptSignature: true) }, "signature does not match"),
                ("counter going back", { try authenticator.get($0, signCount: 1) }, "counter went backwards"),
                ("unknown credential", { try authenticator.get($0, credentialID: unknownID) }, "not registered"),
                ("another user's handle", { try authenticator.get($0, userHandle: PasskeyService.userHandle(of: UUID())) }, "another account"),
            ]
            // A first good sign-in takes the counter to 2…
            #expect(try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app))).status == .ok)
            for (name, make, words) in cases {
                let response = try await Self.signIn(app, try make(try await Self.requestOptions(app)))
                #expect(response.status == .unauthorized, "\(name): \(response.text)")
                #expect(try response.error.code == "passkey_rejected" && response.error.message.contains(words), "\(name): \(response.text)")
            }
            // …and a reused challenge is refused even with an otherwise good assertion.
            let options = try await Self.requestOptions(app)
            #expect(try await Self.signIn(app, try authenticator.get(options)).status == .ok)
            let replay = try await Self.signIn(app, try authenticator.get(options))
            #expect(try replay.status == .unauthorized && replay.error.code == "passkey_challenge_invalid")
        }
    }

    @Test("challenges expire after 5 minutes")
    func challengesExpire() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let account = try await app.register()
            let authenticator = SoftwareAuthenticator()
            let stale = try await Self.creationOptions(app, token: account.token)
            clock.advance(by: 5 * 60 + 1)
            let late = try await Self.finishRegistration(app, token: account.token, try authenticator.create(stale))
            #expect(try late.status == .unprocessableEntity && late.error.code == "passkey_challenge_invalid")
            try await Self.addPasskey(app, token: account.token, authenticator)
            let options = try await Self.requestOptions(app)
            clock.advance(by: 5 * 60 + 1)
            let response = try await Self.signIn(app, try authenticator.get(options))
            #expect(try response.status == .unauthorized && response.error.code == "passkey_challenge_invalid")
        }
    }

    @Test("passkeys are renamed and removed by their owner only")
    func renameAndRemove() async throws {
        try await withTestApp { app in
            let account = try await app.register()
            let stranger = try await app.register()
            let authenticator = SoftwareAuthenticator()
            let phone = try await Self.addPasskey(app, token: account.token, authenticator, name: "Phone")
            let path = "/api/v1/me/passkeys/\(phone.id.uuidString)"
            #expect(try await app.send(.PATCH, path, json: PasskeyRename(name: "Mine now"), token: stranger.token).status == .notFound)
            #expect(try await app.send(.DELETE, path, token: stranger.token).status == .notFound)
            let blank = try await app.send(.PATCH, path, json: PasskeyRename(name: "  "), token: account.token)
            #expect(try blank.status == .unprocessableEntity && blank.error.fields?["name"] != nil)
            let renamed = try await app.send(.PATCH, path, json: PasskeyRename(name: "Old phone"), token: account.token)
            #expect(try renamed.decode(Passkey.self).name == "Old phone")
            // A password remains, so the only passkey can go; it no longer signs in.
            #expect(try await app.send(.DELETE, path, token: account.token).status == .noContent)
            let response = try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app)))
            #expect(try response.status == .unauthorized && response.error.message.contains("not registered"))
        }
    }

    @Test("a passkey can be the only way in: its last one stays, and deleting the account needs a fresh passkey sign-in")
    func passkeyOnlyAccount() async throws {
        let apple = try await AppleStandIn.start()
        let clock = TestClock(start: Date())
        try await withTestApp(clock: clock, adjust: { settings in
            settings.appleAudiences = [AppleStandIn.audience]
            settings.appleJWKSURL = apple.jwksURL
        }) { app in
            // An Apple account adds a passkey, then drops Apple: now only the passkey signs in.
            let nonce = try await app.send(.POST, "/api/v1/auth/apple/nonce").decode(AppleNonce.self).nonce
            let account = try await app.send(.POST, "/api/v1/auth/apple",
                                             json: AppleSignInRequest(identityToken: try await apple.token(nonce: nonce), nonce: nonce))
                .decode(AuthResponse.self)
            let authenticator = SoftwareAuthenticator()
            let passkey = try await Self.addPasskey(app, token: account.token, authenticator)
            #expect(try await app.send(.DELETE, "/api/v1/me/apple", token: account.token).status == .ok)
            let last = try await app.send(.DELETE, "/api/v1/me/passkeys/\(passkey.id.uuidString)", token: account.token)
            #expect(try last.status == .conflict && last.error.code == "last_sign_in_method")

            clock.advance(by: 11 * 60)
            let stale = try await app.send(.DELETE, "/api/v1/me", token: account.token)
            #expect(try stale.status == .unauthorized && stale.error.code == "reauthentication_required")
            let fresh = try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app))).decode(AuthResponse.self)
            #expect(try await app.send(.DELETE, "/api/v1/me", token: fresh.token).status == .noContent)
            let gone = try await Self.signIn(app, try authenticator.get(try await Self.requestOptions(app)))
            #expect(gone.status == .unauthorized)
        }
        await apple.stop()
    }

    @Test("the web pages' passkey calls need the page's CSRF token, answer JSON, and sign in with the session cookie")
    func webCalls() async throws {
        try await withTestApp { app in
            let account = try await app.register()
            let authenticator = SoftwareAuthenticator()
            try await Self.addPasskey(app, token: account.token, authenticator)

            let page = try await app.visit("/signin?next=/orders")
            let csrf = page.csrf
            let json: HTTPHeaders = ["Accept": "application/json", "Cookie": page.cookies]

            let refused = try await app.send(.POST, "/signin/passkey/options", rawBody: "{}", headers: json)
            #expect(try refused.status == .forbidden && refused.headers.contentType == .json && refused.error.code == "csrf_rejected",
                    "\(refused.text)")
            let optionsResponse = try await app.send(.POST, "/signin/passkey/options", rawBody: #"{"csrf":"\#(csrf)"}"#, headers: json)
            let options = try optionsResponse.decode(PasskeyOptions.Request.self)

            struct WebSignIn: Encodable {
                let csrf: String
                let next: String
                let credential: PasskeyCredential<AssertionResponse>
            }
            let signedIn = try await app.send(.POST, "/signin/passkey", json: WebSignIn(csrf: csrf, next: "/orders",
                                                                                        credential: try authenticator.get(options)), headers: json)
            #expect(signedIn.status == .ok, "\(signedIn.text)")
            #expect(try signedIn.decode(PasskeyPagesController.Next.self).redirect == "/orders")
            #expect(signedIn.headers[.setCookie].contains { $0.hasPrefix("cm_notice=signed-in;") })
            let session = try #require(signedIn.headers[.setCookie].first { $0.hasPrefix(WebSessionCookie.name + "=") })
            #expect(session.contains("HttpOnly"))
            let orders = try await app.send(.GET, "/orders", headers: ["Cookie": String(session.split(separator: ";")[0])])
            #expect(orders.status == .ok)

            // A failed sign-in is a JSON error the script shows, not a page.
            let again = try await app.send(.POST, "/signin/passkey", json: WebSignIn(csrf: csrf, next: "/", credential: try authenticator.get(options)),
                                           headers: json)
            #expect(try again.status == .unauthorized && again.error.code == "passkey_challenge_invalid")
        }
    }
}
