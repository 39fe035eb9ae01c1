import Foundation
import MarketClient
import MarketCore
import MarketTestSupport
import Testing

/// The session an app keeps: sign-up and sign-in screens, the token store, the biometric gate
/// and automatic sign-out, against a live server.
@Suite("SDK session")
@MainActor
struct SessionTests {
    @Test("sign-up: MarketCore's field errors are shown before any request; then the account is made and signed in")
    func signUp() async throws {
        let offline = SignUpViewModel(session: unreachableSession())
        offline.email = "not-an-email"
        offline.password = "short"
        #expect(await offline.signUp() == false)
        #expect(Set(offline.fieldErrors.keys) == ["email", "password", "name"])
        #expect(offline.errorMessage == "Check the 3 highlighted fields.")

        try await withLiveMarket { market in
            let session = market.session()
            let screen = SignUpViewModel(session: session)
            screen.name = "Ada Lovelace"
            screen.email = "Ada@Campus.edu"
            screen.password = LiveMarket.password
            #expect(session.isAuthenticated == false)
            #expect(await screen.signUp())
            #expect(screen.isLoading == false && screen.errorMessage == nil)
            #expect(session.isAuthenticated)
            #expect(session.user?.email == "ada@campus.edu")

            // The same email again: the server's 409 as a sentence, nothing signed in.
            let again = SignUpViewModel(session: market.session())
            again.name = "Someone"
            again.email = "ada@campus.edu"
            again.password = LiveMarket.password
            #expect(await again.signUp() == false)
            #expect(again.errorMessage != nil)
        }
    }

    @Test("sign-in: a wrong password is one sentence, the password is cleared; the right one signs in by email or username")
    func signIn() async throws {
        try await withLiveMarket { market in
            let ada = try await market.person("Ada")
            try await ada.client.send(ProfileEndpoint.update(UpdateProfileRequest(username: "ada")))

            let session = market.session()
            let screen = SignInViewModel(session: session)
            #expect(screen.canSubmit == false)
            screen.login = "ada@campus.edu"
            screen.password = "wrong password!"
            #expect(await screen.signIn() == false)
            #expect(screen.password.isEmpty)
            #expect(screen.errorMessage?.isEmpty == false)
            #expect(session.isAuthenticated == false)

            screen.login = "ada"
            screen.password = LiveMarket.password
            #expect(await screen.signIn())
            #expect(session.user?.name == "Ada")
            #expect(screen.errorMessage == nil)

            // A reset request answers the same sentence whether or not the account exists.
            screen.login = "ada@campus.edu"
            let known = await screen.requestPasswordReset()
            screen.login = "nobody@campus.edu"
            let unknown = await screen.requestPasswordReset()
            #expect(known != nil && known == unknown)
        }
    }

    @Test("the file store keeps the session across launches in a 0600 file; the gate must agree before it is used")
    func restoreFromFile() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sdk-store-\(UUID().wireString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = FileTokenStore(url: directory.appendingPathComponent("campusmarket/session.json"))
        try await withLiveMarket { market in
            let first = try await market.person("Grace", store: store)
            #expect(first.isAuthenticated)

            let attributes = try FileManager.default.attributesOfItem(atPath: store.url.path)
            #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
            let folder = try FileManager.default.attributesOfItem(atPath: store.url.deletingLastPathComponent().path)
            #expect((folder[.posixPermissions] as? NSNumber)?.intValue == 0o700)

            // A relaunch the gate refuses (Face ID failed): signed out, the token unused but kept.
            let refused = market.session(store: store, gate: RefusingGate())
            #expect(await refused.restore() == false)
            #expect(refused.isAuthenticated == false)
            #expect(try store.load() != nil)

            let relaunched = market.session(store: store)
            #expect(await relaunched.restore())
            #expect(relaunched.user?.name == "Grace")

            // A session stored for another server is not sent to this one.
            let elsewhere = SessionManager(server: URL(string: "http://127.0.0.1:9")!, store: store, storeDirectory: nil)
            #expect(await elsewhere.restore() == false)

            await relaunched.signOut()
            #expect(try store.load() == nil)
            #expect(FileManager.default.fileExists(atPath: store.url.path) == false)
        }
    }

    @Test("a 401 to the session's token signs out by itself and clears the store")
    func automaticSignOut() async throws {
        try await withLiveMarket { market in
            let store = MemoryTokenStore()
            let session = try await market.person("Linus", store: store)
            // The token is revoked elsewhere (signed out on another device).
            let stolen = try #require(store.load()).token
            let other = APIClient(baseURL: market.url, tokenProvider: { stolen })
            try await other.send(AuthEndpoint.logout)

            let profile = ProfileViewModel(session: session)
            await profile.load()
            #expect(session.isAuthenticated == false)
            #expect(session.user == nil)
            #expect(store.load() == nil)
            #expect(profile.errorMessage != nil)
        }
    }
}

/// The stand-in for LocalAuthentication when the person cancels Face ID.
struct RefusingGate: BiometricGate {
    func authorize(reason: String) async -> Bool { false }
}
