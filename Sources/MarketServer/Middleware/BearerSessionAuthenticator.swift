import Vapor

/// Signs the request in when it carries a live bearer token. A missing or bad token leaves it
/// signed out; routes that need a user answer 401 themselves.
struct BearerSessionAuthenticator: AsyncBearerAuthenticator {
    func authenticate(bearer: BearerAuthorization, for request: Request) async throws {
        if let session = try await request.domain.session(for: bearer.token) {
            request.auth.login(session)
        }
    }
}
