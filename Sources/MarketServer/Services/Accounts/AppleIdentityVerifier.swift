import Foundation
import JWT
import MarketCore
import NIOConcurrencyHelpers
import Vapor

/// What the server takes from an Apple identity token it has verified.
struct AppleIdentity: Sendable, Equatable {
    let subject: String
    let email: String?
    let isPrivateEmail: Bool
    /// The SHA-256 (hex) of the nonce the app asked Apple to sign in with.
    let nonceHash: String?
}

/// Verifies an Apple identity token with vapor/jwt's key set cache and jwt-kit: the signature against Apple's key set
/// (`APPLE_JWKS_URL`, cached as its HTTP headers allow), the issuer, the expiry, and an audience
/// in `APPLE_AUDIENCES` — never skipped. A token signed with a key the cached set lacks makes
/// the set be fetched again once (Apple rotates keys), at most once a minute per instance, so
/// made-up key ids cannot make the server hammer Apple.
struct AppleIdentityVerifier {
    let request: Request

    static let refetchInterval: TimeInterval = 60

    func verify(_ token: String) async throws -> AppleIdentity {
        let app = request.application
        var keySet = try await appleKeys()
        if let kid = Self.keyID(in: token), !keySet.keys.contains(where: { $0.keyIdentifier?.string == kid }),
           app.appleKeyRefetch.allow(at: request.now, every: Self.refetchInterval) {
            app.jwt.apple.jwksEndpoint = app.jwt.apple.jwksEndpoint  // a fresh cache: the next read fetches
            keySet = try await appleKeys()
        }
        let claims: AppleIdentityToken
        do {
            let keys = try await JWTKeyCollection().add(jwks: keySet)
            claims = try await keys.verify(token, as: AppleIdentityToken.self, expectedAudiences: app.settings.appleAudiences)
        } catch let error as JWTError {
            request.logger.info("Apple identity token refused: \(error.errorType)")
            throw APIError.appleTokenInvalid
        } catch {
            request.logger.info("Apple identity token unreadable: \(String(describing: error))")
            throw APIError.appleTokenInvalid
        }
        let email = claims.email.map(AccountRules.normalizeEmail)
        let isPrivate = claims.isPrivateEmail?.value ?? false || (email?.hasSuffix("@privaterelay.appleid.com") ?? false)
        return AppleIdentity(subject: claims.subject.value, email: email, isPrivateEmail: isPrivate, nonceHash: claims.nonce?.lowercased())
    }

    /// Apple's key set through its cache. (Not `req.jwt.apple.verify`: the `EndpointCache.get(on:)`
    /// it calls downloads the set on every call in Vapor 4.122, whatever its Cache-Control says.)
    private func appleKeys() async throws -> JWKS {
        do {
            return try await request.application.jwt.apple.jwks
                .get(using: request.client, logger: request.logger, on: request.eventLoop).get()
        } catch {
            request.logger.warning("Apple's keys could not be fetched: \(String(describing: error))")
            throw APIError.appleUnavailable
        }
    }

    /// The `kid` of the token's header, read before verifying to know whether the cached set has it.
    static func keyID(in token: String) -> String? {
        guard let header = token.split(separator: ".").first, let data = Base64URL.decode(String(header)),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        return object["kid"] as? String
    }
}

/// When Apple's keys were last fetched because a token named an unknown key.
final class AppleKeyRefetch: Sendable {
    private let last = NIOLockedValueBox<Date?>(nil)

    func allow(at now: Date, every interval: TimeInterval) -> Bool {
        last.withLockedValue { last in
            if let previous = last, now.timeIntervalSince(previous) < interval { return false }
            last = now
            return true
        }
    }
}

extension Application {
    private struct AppleKeyRefetchKey: StorageKey { typealias Value = AppleKeyRefetch }

    var appleKeyRefetch: AppleKeyRefetch {
        if let existing = storage[AppleKeyRefetchKey.self] { return existing }
        let made = AppleKeyRefetch()
        storage[AppleKeyRefetchKey.self] = made
        return made
    }
}
