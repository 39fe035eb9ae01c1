import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Sign-in and sessions")
struct LoginTests {
    @Test("signs in by email, in any case")
    func loginByEmail() async throws {
        try await withTestApp { app in
            try await app.register(email: "ada@campus.edu", password: "correct horse")

            let response = try await app.login(LoginRequest(email: "ADA@campus.edu ", password: "correct horse"))

            #expect(response.status == .ok)
            let auth = try response.decode(AuthResponse.self)
            #expect(auth.user.email == "ada@campus.edu")
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .ok)
        }
    }

    @Test("signs in by username")
    func loginByUsername() async throws {
        try await withTestApp { app in
            try await app.register(password: "correct horse", username: "ada")

            let response = try await app.login(LoginRequest(username: "Ada", password: "correct horse"))

            #expect(response.status == .ok)
            #expect(try response.decode(AuthResponse.self).user.username == "ada")
        }
    }

    @Test("a wrong password and an unknown account get the same 401 answer")
    func wrongCredentials() async throws {
        try await withTestApp { app in
            try await app.register(email: "ada@campus.edu", password: "correct horse")

            let wrongPassword = try await app.login(LoginRequest(email: "ada@campus.edu", password: "wrong horse"))
            let unknownAccount = try await app.login(LoginRequest(email: "nobody@campus.edu", password: "wrong horse"))

            #expect(wrongPassword.status == .unauthorized)
            #expect(unknownAccount.status == .unauthorized)
            #expect(try wrongPassword.error == unknownAccount.error)
            #expect(try wrongPassword.error.code == "invalid_credentials")
        }
    }

    @Test("each device gets its own token; logout revokes only the one presented")
    func logoutRevokes() async throws {
        try await withTestApp { app in
            let phone = try await app.register(email: "ada@campus.edu", password: "correct horse")
            let laptop = try await app.login(LoginRequest(email: "ada@campus.edu", password: "correct horse")).decode(AuthResponse.self)

            let logout = try await app.send(.POST, "/api/v1/auth/logout", token: phone.token)

            #expect(logout.status == .noContent)
            let revoked = try await app.send(.GET, "/api/v1/me", token: phone.token)
            #expect(revoked.status == .unauthorized)
            #expect(try revoked.error.code == "unauthenticated")
            #expect(try await app.send(.GET, "/api/v1/me", token: laptop.token).status == .ok)
            #expect(try await app.send(.POST, "/api/v1/auth/logout", token: phone.token).status == .unauthorized)
        }
    }

    @Test("a token stops working when it expires (30 days by default)")
    func expiredToken() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let auth = try await app.register()
            #expect(auth.expiresAt.timeIntervalSince(clock.now) > 29 * 86_400)
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .ok)

            clock.advance(by: 30 * 86_400 + 1)

            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .unauthorized)
            let status = try await app.send(.GET, "/api/v1/auth/status", token: auth.token).decode(AuthStatus.self)
            #expect(status.isAuthenticated == false)
        }
    }

    @Test("status says whether the caller is signed in, for any caller")
    func status() async throws {
        try await withTestApp { app in
            let auth = try await app.register()

            let anonymous = try await app.send(.GET, "/api/v1/auth/status")
            let signedIn = try await app.send(.GET, "/api/v1/auth/status", token: auth.token)
            let forged = try await app.send(.GET, "/api/v1/auth/status", token: "cm_not-a-real-token")

            #expect(anonymous.status == .ok)
            #expect(try anonymous.decode(AuthStatus.self).isAuthenticated == false)
            #expect(try signedIn.decode(AuthStatus.self).isAuthenticated == true)
            #expect(try forged.decode(AuthStatus.self).isAuthenticated == false)
        }
    }

    @Test("a missing identifier or password is 422")
    func missingFields() async throws {
        try await withTestApp { app in
            let response = try await app.login(LoginRequest(password: nil))

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?.keys.sorted() == ["email", "password"])
        }
    }
}
