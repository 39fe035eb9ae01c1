import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Registration")
struct RegistrationTests {
    @Test("registering returns 201 with the account and a working token; the email is normalized")
    func registers() async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/register",
                                              json: RegisterRequest(email: "  Ada@Campus.EDU ", password: "longenough", name: " Ada ", username: "Ada_L"))

            #expect(response.status == .created)
            let auth = try response.decode(AuthResponse.self)
            #expect(auth.user.email == "ada@campus.edu")
            #expect(auth.user.name == "Ada")
            #expect(auth.user.username == "ada_l")
            #expect(auth.token.hasPrefix("cm_"))
            let me = try await app.send(.GET, "/api/v1/me", token: auth.token)
            #expect(me.status == .ok)
            #expect(try me.decode(UserProfile.self).id == auth.user.id)
        }
    }

    @Test("the token is stored only as its SHA-256 and the password only as a bcrypt hash")
    func storesOnlyHashes() async throws {
        try await withTestApp { app in
            let auth = try await app.register(email: "hash@campus.edu", password: "plain-password")

            let stored = try #require(try await UserTokenRecord.query(on: app.db).first())
            #expect(stored.tokenHash == SessionTokens.hash(auth.token))
            #expect(stored.tokenHash != auth.token)
            let user = try #require(try await UserRecord.find(auth.user.id, on: app.db))
            #expect(user.passwordHash?.hasPrefix("$2b$") == true)
            #expect(user.passwordHash?.contains("plain-password") == false)
        }
    }

    @Test("a duplicate email, in any case or padding, is 409 naming the email field")
    func duplicateEmail() async throws {
        try await withTestApp { app in
            try await app.register(email: "dup@campus.edu")

            let response = try await app.send(.POST, "/api/v1/auth/register",
                                              json: RegisterRequest(email: " DUP@campus.edu", password: "longenough", name: "Other"))

            #expect(response.status == .conflict)
            #expect(try response.error.code == "email_taken")
            #expect(try response.error.fields?["email"] != nil)
        }
    }

    @Test("a duplicate username is 409 naming the username field")
    func duplicateUsername() async throws {
        try await withTestApp { app in
            try await app.register(username: "textbookfan")

            let response = try await app.send(.POST, "/api/v1/auth/register",
                                              json: RegisterRequest(email: "b@campus.edu", password: "longenough", name: "B", username: "TextbookFan"))

            #expect(response.status == .conflict)
            #expect(try response.error.fields?["username"] != nil)
        }
    }

    @Test("invalid fields are 422 naming each field, and nothing is written", arguments: [
        (RegisterRequest(email: "not-an-email", password: "longenough", name: "A"), ["email"]),
        (RegisterRequest(email: "a@campus", password: "longenough", name: "A"), ["email"]),
        (RegisterRequest(email: "a@campus.edu", password: "short", name: "A"), ["password"]),
        (RegisterRequest(email: "a@campus.edu", password: "longenough", name: "   "), ["name"]),
        (RegisterRequest(email: "a@campus.edu", password: "longenough", name: "A", username: "x"), ["username"]),
        (RegisterRequest(email: nil, password: nil, name: nil), ["email", "name", "password"]),
    ])
    func rejectsInvalidFields(request: RegisterRequest, fields: [String]) async throws {
        try await withTestApp { app in
            let response = try await app.send(.POST, "/api/v1/auth/register", json: request)

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.code == "validation_failed")
            #expect(try response.error.fields?.keys.sorted() == fields)
            #expect(try await UserRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("many simultaneous registrations of one email create exactly one account")
    func racingRegistrations() async throws {
        try await withTestApp { app in
            let statuses = try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        try await app.send(.POST, "/api/v1/auth/register",
                                           json: RegisterRequest(email: "race@campus.edu", password: "longenough", name: "Racer \(index)")).status
                    }
                }
                return try await group.reduce(into: [HTTPStatus]()) { $0.append($1) }
            }

            #expect(statuses.filter { $0 == .created }.count == 1, "\(statuses)")
            // The rest find it taken, or (past five tries at one email) are throttled.
            #expect(statuses.filter { $0 == .conflict || $0 == .tooManyRequests }.count == 11, "\(statuses)")
            #expect(try await UserRecord.query(on: app.db).count() == 1)
        }
    }

    @Test("sign-ups are throttled per client address (REGISTRATIONS_PER_ADDRESS) and per email from anywhere, before any hashing")
    func throttled() async throws {
        try await withTestApp(adjust: { settings in settings.registrationsPerAddress = 3; settings.trustForwardedFor = true }) { app in
            let hasher = CountingPasswordHasher()
            app.passwords.use { _ in hasher }
            func signUp(_ email: String, from address: String) async throws -> TestResponse {
                try await app.send(.POST, "/api/v1/auth/register", json: RegisterRequest(email: email, password: "correct horse battery", name: "Ann"),
                                   headers: ["X-Forwarded-For": address])
            }
            for number in 0..<3 { #expect(try await signUp("ann\(number)@campus.edu", from: "203.0.113.1").status == .created) }
            let fourth = try await signUp("ann3@campus.edu", from: "203.0.113.1")
            #expect(fourth.status == .tooManyRequests && fourth.headers.first(name: .retryAfter) != nil)
            #expect(try fourth.error.message.contains("Too many sign-ups"))
            #expect(hasher.hashes == 3)
            #expect(try await signUp("ann3@campus.edu", from: "198.51.100.1").status == .created)
            // One email, asked from many addresses: five tries, then 429 whether or not it is taken.
            for index in 0..<4 { #expect(try await signUp("ann0@campus.edu", from: "192.0.2.\(index)").status == .conflict) }
            #expect(try await signUp("ann0@campus.edu", from: "192.0.2.9").status == .tooManyRequests)
        }
    }
}
