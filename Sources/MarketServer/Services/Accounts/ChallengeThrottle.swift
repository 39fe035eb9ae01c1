import Foundation

/// Sign-in challenges (passkey options, Sign in with Apple nonces) are handed to anyone who
/// asks, before they are signed in, and each is a row. Each one counts against its client
/// address like a failed sign-in, under the login throttle's per-address limit, until a sign-in
/// or link answers it; that forgives it. So one address cannot fill the tables with challenges
/// it never answers, and students who finish signing in are never held back by this.
struct ChallengeThrottle {
    let loginThrottle: LoginThrottle

    /// Counts `challenge` against `clientAddress`, or throws `tooManyAttempts` with the wait.
    func issuing(_ challenge: String, clientAddress: String) async throws {
        // The challenge is its own key, so only the address's limit can be reached.
        _ = try await loginThrottle.begin(accountKey: Self.key(challenge), clientAddress: "challenge:" + clientAddress)
    }

    /// A sign-in or link answered the challenge whose hash is `challengeHash`: forgiven.
    func answered(challengeHash: String) async throws {
        try await loginThrottle.clear(accountKey: "challenge:" + challengeHash)
    }

    /// The hash, not the challenge: an Apple nonce is a secret until used.
    private static func key(_ challenge: String) -> String { "challenge:" + SessionTokens.hash(challenge) }
}
