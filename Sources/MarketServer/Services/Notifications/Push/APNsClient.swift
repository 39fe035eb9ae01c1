import AsyncHTTPClient
import Foundation
import JWTKit
import MarketCore
import NIOCore
import NIOHTTP1
import NIOSSL

/// Sends one push to one device through Apple's push service: HTTP/2 over TLS, authenticated
/// with a provider token (an ES256 JWT signed with the team's key) that is made again before it
/// is an hour old, as Apple requires, and not more often than every 20 minutes, as Apple asks.
final class APNsClient: Sendable {
    enum Outcome: Equatable, Sendable {
        case sent
        /// The token is no longer valid for the app (410, or a token Apple does not know): forget it.
        case unregistered
        /// Too many pushes, or Apple is unavailable: send again later.
        case retryLater(reason: String)
        /// A mistake on our side (a payload or topic Apple refuses): retrying would not help.
        case refused(reason: String)
    }

    let settings: APNsSettings
    private let http: HTTPClient
    private let token: ProviderToken

    /// A token is made again once it is this old (Apple refuses one over an hour old).
    static let tokenLifetime: TimeInterval = 50 * 60

    init(settings: APNsSettings) throws {
        self.settings = settings
        var tls = TLSConfiguration.makeClientConfiguration()
        if let caFile = settings.caFile { tls.additionalTrustRoots = [.file(caFile)] }
        var configuration = HTTPClient.Configuration(tlsConfiguration: tls, timeout: .init(connect: .seconds(10), read: .seconds(30)))
        configuration.httpVersion = .automatic  // HTTP/2, negotiated by ALPN, as Apple requires
        http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        token = ProviderToken(settings: settings)
    }

    func shutdown() async { try? await http.shutdown() }

    func send(_ payload: String, to deviceToken: String, in environment: PushEnvironment, now: Date) async throws -> Outcome {
        var outcome = try await attempt(payload, to: deviceToken, in: environment, now: now, freshToken: false)
        // Apple says the token expired (a clock step, or it outlived its hour): once more with a new one.
        if case .retryLater(let reason) = outcome, reason == "ExpiredProviderToken" {
            outcome = try await attempt(payload, to: deviceToken, in: environment, now: now, freshToken: true)
        }
        return outcome
    }

    private func attempt(_ payload: String, to deviceToken: String, in environment: PushEnvironment, now: Date, freshToken: Bool) async throws -> Outcome {
        let base = settings.endpoints[environment] ?? "https://api.push.apple.com"
        var request = HTTPClientRequest(url: "\(base)/3/device/\(deviceToken)")
        request.method = .POST
        request.headers.add(name: "authorization", value: "bearer \(try await token.current(now: now, renew: freshToken))")
        request.headers.add(name: "apns-topic", value: settings.topic)
        request.headers.add(name: "apns-push-type", value: "alert")
        request.headers.add(name: "apns-priority", value: "10")
        request.headers.add(name: "apns-expiration", value: "\(Int(now.timeIntervalSince1970) + 86_400)")
        request.headers.add(name: "content-type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: payload))
        let response: HTTPClientResponse
        do {
            response = try await http.execute(request, timeout: .seconds(30))
        } catch {
            return .retryLater(reason: "unreachable: \(error)")
        }
        let body = try await response.body.collect(upTo: 64 * 1024)
        let reason = (try? JSONDecoder().decode(ErrorBody.self, from: body))?.reason ?? "HTTP \(response.status.code)"
        switch response.status.code {
        case 200: return .sent
        case 410: return .unregistered
        case 400 where reason == "BadDeviceToken" || reason == "DeviceTokenNotForTopic": return .unregistered
        case 403 where reason == "ExpiredProviderToken": return .retryLater(reason: reason)
        case 429, 500...599: return .retryLater(reason: reason)
        default: return .refused(reason: reason)
        }
    }

    private struct ErrorBody: Decodable { let reason: String }
}

/// The provider token, kept and signed again when it is `APNsClient.tokenLifetime` old.
private actor ProviderToken {
    struct Claims: JWTPayload {
        let iss: IssuerClaim
        let iat: IssuedAtClaim
        func verify(using algorithm: some JWTAlgorithm) async throws {}
    }

    let settings: APNsSettings
    private var token: (value: String, issued: Date)?

    init(settings: APNsSettings) { self.settings = settings }

    func current(now: Date, renew: Bool) async throws -> String {
        if let token, !renew, now.timeIntervalSince(token.issued) < APNsClient.tokenLifetime, now >= token.issued { return token.value }
        let keys = await JWTKeyCollection().add(ecdsa: settings.key, kid: JWKIdentifier(string: settings.keyID))
        // Whole seconds: Apple reads `iat` as an integer.
        let issued = Date(timeIntervalSince1970: now.timeIntervalSince1970.rounded(.down))
        let value = try await keys.sign(Claims(iss: IssuerClaim(value: settings.teamID), iat: IssuedAtClaim(value: issued)),
                                        kid: JWKIdentifier(string: settings.keyID))
        token = (value, now)
        return value
    }
}
