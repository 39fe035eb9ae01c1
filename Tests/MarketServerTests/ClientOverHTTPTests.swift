import Foundation
import MarketClient
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The SDK against a real server listening on a real port.
@Suite("MarketClient over HTTP")
struct ClientOverHTTPTests {
    @Test("registers, reads the profile, sees typed errors, and signs out")
    func sessionRoundTrip() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { baseURL in
                let tokenBox = TokenBox()
                let client = APIClient(baseURL: baseURL, tokenProvider: { await tokenBox.token })

                let auth: AuthResponse = try await client.send(AuthEndpoint.register(
                    RegisterRequest(email: "sdk@campus.edu", password: "correct horse", name: "SDK User")))
                await tokenBox.set(auth.token)
                let profile: UserProfile = try await client.send(ProfileEndpoint.show)
                let status: AuthStatus = try await client.send(AuthEndpoint.status)

                #expect(profile.email == "sdk@campus.edu")
                #expect(status.isAuthenticated)

                await #expect(throws: APIClientError.self) {
                    let _: AuthResponse = try await client.send(AuthEndpoint.register(
                        RegisterRequest(email: "sdk@campus.edu", password: "correct horse", name: "Again")))
            }
            do {
                let _: AuthResponse = try await client.send(AuthEndpoint.login(LoginRequest(email: "sdk@campus.edu", password: "nope nope")))
                Issue.record("a wrong password must fail")
            } catch APIClientError.server(let statusCode, let error) {
                #expect(statusCode == 401)
                #expect(error.code == "invalid_credentials")
            }

            try await client.send(AuthEndpoint.logout)
            let after: AuthStatus = try await client.send(AuthEndpoint.status)
            #expect(after.isAuthenticated == false)
            }
        }
    }
}

actor TokenBox {
    var token: String?
    func set(_ token: String?) { self.token = token }
}
