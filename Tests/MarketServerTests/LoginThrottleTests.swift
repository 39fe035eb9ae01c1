import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Login throttling")
struct LoginThrottleTests {
    static let wrong = "wrong password"
    static let right = "correct horse"

    @Test("after 5 failures on one account even the right password gets 429 with Retry-After, until the window passes")
    func throttlesAccount() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            try await app.register(email: "ada@campus.edu", password: Self.right, username: "ada")
            for _ in 0..<5 {
                #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong)).status == .unauthorized)
            }

            // Throttled by account, whichever identifier is used.
            let blocked = try await app.login(LoginRequest(username: "ada", password: Self.right))

            #expect(blocked.status == .tooManyRequests)
            #expect(try blocked.error.code == "too_many_attempts")
            let retryAfter = try #require(blocked.headers.first(name: "Retry-After").flatMap(Int.init))
            #expect((1...900).contains(retryAfter))

            clock.advance(by: 15 * 60 + 1)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right)).status == .ok)
        }
    }

    @Test("an unknown account is throttled the same way, so 429 does not reveal which accounts exist")
    func throttlesUnknownAccountAlike() async throws {
        // A stopped clock: the two waits are then the same to the second, however slow the machine.
        try await withTestApp(clock: TestClock()) { app in
            try await app.register(email: "real@campus.edu", password: Self.right)
            for email in ["real@campus.edu", "ghost@campus.edu"] {
                for _ in 0..<5 { try await app.login(LoginRequest(email: email, password: Self.wrong)) }
            }

            let real = try await app.login(LoginRequest(email: "real@campus.edu", password: Self.wrong))
            let ghost = try await app.login(LoginRequest(email: "ghost@campus.edu", password: Self.wrong))

            #expect(real.status == .tooManyRequests)
            #expect(ghost.status == .tooManyRequests)
            #expect(try real.error == ghost.error)
        }
    }

    @Test("a successful sign-in clears the account's earlier failures")
    func successResets() async throws {
        try await withTestApp { app in
            try await app.register(email: "ada@campus.edu", password: Self.right)
            for _ in 0..<4 { try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong)) }
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right)).status == .ok)

            for _ in 0..<4 { try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong)) }

            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right)).status == .ok)
        }
    }

    @Test("50 failures from one address throttle that address for every account, not other addresses")
    func throttlesAddress() async throws {
        try await withTestApp(adjust: { $0.trustForwardedFor = true }) { app in
            try await app.register(email: "victim@campus.edu", password: Self.right)
            let attacker: HTTPHeaders = ["X-Forwarded-For": "203.0.113.7"]
            for index in 0..<50 {
                try await app.login(LoginRequest(email: "guess\(index)@campus.edu", password: Self.wrong), headers: attacker)
            }

            let fromAttacker = try await app.login(LoginRequest(email: "victim@campus.edu", password: Self.right), headers: attacker)
            let fromElsewhere = try await app.login(LoginRequest(email: "victim@campus.edu", password: Self.right),
                                                    headers: ["X-Forwarded-For": "198.51.100.2"])

            #expect(fromAttacker.status == .tooManyRequests)
            #expect(fromElsewhere.status == .ok)
        }
    }

    @Test("a stranger's wrong guesses lock only the stranger out: the owner, elsewhere, still signs in; 100 from anywhere stop every guesser")
    func strangerCannotLockOwnerOut() async throws {
        try await withTestApp(adjust: { $0.trustForwardedFor = true }) { app in
            try await app.register(email: "ada@campus.edu", password: Self.right)
            let stranger: HTTPHeaders = ["X-Forwarded-For": "203.0.113.7"]
            for _ in 0..<5 { try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong), headers: stranger) }
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right), headers: stranger).status == .tooManyRequests)
            let owner = try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right), headers: ["X-Forwarded-For": "198.51.100.2"])
            #expect(owner.status == .ok, "\(owner.text)")
            // A guesser spread over many addresses is still stopped at 100 for the account.
            for index in 0..<100 {
                try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong), headers: ["X-Forwarded-For": "192.0.2.\(index % 20)"])
            }
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right),
                                        headers: ["X-Forwarded-For": "198.51.100.9"]).status == .tooManyRequests)
        }
    }

    @Test("X-Forwarded-For is ignored unless the operator trusts a proxy")
    func ignoresForwardedForByDefault() async throws {
        try await withTestApp { app in
            try await app.register(email: "ada@campus.edu", password: Self.right)
            for index in 0..<5 {
                // An attacker rotating a forged header still hits the per-account limit.
                try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong),
                                    headers: ["X-Forwarded-For": "192.0.2.\(index)"])
            }

            let response = try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.right),
                                               headers: ["X-Forwarded-For": "192.0.2.200"])

            #expect(response.status == .tooManyRequests)
        }
    }

    @Test("throttling state survives a restart of the server")
    func survivesRestart() async throws {
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        try await withApp(settings: database.settings, clock: nil, migrate: true) { app in
            try await app.register(email: "ada@campus.edu", password: Self.right)
            for _ in 0..<5 { try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.wrong)) }
        }

        try await withApp(settings: database.settings, clock: nil, migrate: false) { restarted in
            let response = try await restarted.login(LoginRequest(email: "ada@campus.edu", password: Self.right))

            #expect(response.status == .tooManyRequests)
        }
        try await database.drop()
    }
}
