import Foundation
import MarketCore

extension DomainServices {
    /// Where every way of signing in ends (password, Apple, passkey, a reset link, a new
    /// account): a suspended account is refused here, after its credentials were proved, so the
    /// refusal tells nothing to someone who does not hold them.
    func signIn(_ user: UserRecord) async throws -> AuthResponse {
        if user.isSuspended { throw APIError.accountSuspended }
        let issued = try await sessionTokens.issue(for: user.requireID())
        return AuthResponse(user: try trust.profile(of: user), token: issued.token, expiresAt: issued.expiresAt)
    }
}
