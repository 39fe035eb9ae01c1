import Crypto
import Foundation
import MarketCore
import NIOConcurrencyHelpers
import NIOCore
import NIOHTTP1
import NIOHTTP2
import NIOPosix
import NIOSSL

/// A local stand-in for Apple's push service, checking what Apple checks: HTTP/2 over TLS
/// (ALPN h2), `POST /3/device/<hex token>`, a provider token that is an ES256 JWT with the
/// configured key id, signed by the team's key, issued by the team less than an hour ago, the
/// `apns-topic`, `apns-push-type` and `apns-priority` headers, and a JSON payload with `aps`
/// under 4 KB. It answers as Apple does: 200 with an `apns-id`, else the status and
/// `{"reason": …}` Apple documents; 410 for a device told `unregister`, 429 while told to throttle.
final class APNsStandIn: Sendable {
    struct Push: Sendable {
        let deviceToken: String
        let headers: [String: String]
        let payload: Data
        /// The JWT's claims and header as received.
        let jwtIssuedAt: Int
    }

    let url: String
    let caFile: String
    let keyID: String
    let teamID: String
    let topic: String
    /// The key the server signs with, as the .p8 PEM file an operator gets from Apple.
    let keyFile: String
    private let publicKey: P256.Signing.PublicKey
    private let channel: any Channel
    private let state = NIOLockedValueBox(State())

    private struct State {
        var pushes: [Push] = []
        var refusals: [String] = []
        var unregistered: Set<String> = []
        var throttled = 0
        var tokensSeen: [String] = []
    }

    /// Every push accepted, in order.
    var pushes: [Push] { state.withLockedValue { $0.pushes } }
    /// Why each refused request was refused (Apple's reasons), in order.
    var refusals: [String] { state.withLockedValue { $0.refusals } }
    /// The distinct provider tokens seen, in order.
    var providerTokens: [String] { state.withLockedValue { $0.tokensSeen } }

    /// Answer 410 Unregistered for this device from now on.
    func unregister(_ deviceToken: String) { state.withLockedValue { _ = $0.unregistered.insert(deviceToken.lowercased()) } }
    /// Answer 429 TooManyRequests to the next `count` pushes.
    func throttle(next count: Int) { state.withLockedValue { $0.throttled = count } }

    /// The settings a server uses to reach this stand-in.
    var environment: [String: String] {
        ["APNS_KEY_FILE": keyFile, "APNS_KEY_ID": keyID, "APNS_TEAM_ID": teamID, "APNS_TOPIC": topic,
         "APNS_SANDBOX_URL": url, "APNS_PRODUCTION_URL": url, "APNS_CA_FILE": caFile]
    }

    static func start() async throws -> APNsStandIn {
        let key = P256.Signing.PrivateKey()
        let keyFile = FileManager.default.temporaryDirectory.appendingPathComponent("apns-\(UUID().uuidString).p8").path
        try key.pemRepresentation.write(toFile: keyFile, atomically: true, encoding: .utf8)
        let certificate = try TestCertificate.make(alpn: ["h2"])
        let box = NIOLockedValueBox<APNsStandIn?>(nil)
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: certificate.serverContext))
                    _ = try channel.pipeline.syncOperations.configureHTTP2Pipeline(
                        mode: .server, connectionConfiguration: .init(), streamConfiguration: .init()) { stream in
                        stream.eventLoop.makeCompletedFuture {
                            try stream.pipeline.syncOperations.addHandlers([HTTP2FramePayloadToHTTP1ServerCodec(), StreamHandler(standIn: box)])
                        }
                    }
                }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        let standIn = APNsStandIn(url: "https://127.0.0.1:\(channel.localAddress!.port!)", caFile: certificate.pemFile, keyID: "KEY4PUSH01",
                                  teamID: "TEAM123456", topic: "edu.campus.market", keyFile: keyFile, publicKey: key.publicKey, channel: channel)
        box.withLockedValue { $0 = standIn }
        return standIn
    }

    private init(url: String, caFile: String, keyID: String, teamID: String, topic: String, keyFile: String,
                 publicKey: P256.Signing.PublicKey, channel: any Channel) {
        self.url = url
        self.caFile = caFile
        self.keyID = keyID
        self.teamID = teamID
        self.topic = topic
        self.keyFile = keyFile
        self.publicKey = publicKey
        self.channel = channel
    }

    func stop() async {
        try? await channel.close()
        try? FileManager.default.removeItem(atPath: keyFile)
    }

    /// Apple's answer to one request: a status and, unless 200, a reason.
    fileprivate func answer(method: HTTPMethod, path: String, headers: HTTPHeaders, body: Data, now: Date = Date()) -> (HTTPResponseStatus, String?) {
        let verdict = check(method: method, path: path, headers: headers, body: body, now: now)
        if let reason = verdict.reason { state.withLockedValue { $0.refusals.append(reason) } }
        return (verdict.status, verdict.reason)
    }

    private func check(method: HTTPMethod, path: String, headers: HTTPHeaders, body: Data, now: Date) -> (status: HTTPResponseStatus, reason: String?) {
        guard method == .POST else { return (.methodNotAllowed, "MethodNotAllowed") }
        let prefix = "/3/device/"
        guard path.hasPrefix(prefix) else { return (.notFound, "BadPath") }
        let device = String(path.dropFirst(prefix.count))
        guard device.count >= 64, device.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return (.badRequest, "BadDeviceToken") }
        // The provider token.
        guard let authorization = headers.first(name: "authorization"), authorization.hasPrefix("bearer ") else {
            return (.forbidden, "MissingProviderToken")
        }
        let jwt = String(authorization.dropFirst("bearer ".count))
        guard let issuedAt = verifiedIssuedAt(jwt) else { return (.forbidden, "InvalidProviderToken") }
        guard Double(issuedAt) > now.timeIntervalSince1970 - 3_600, Double(issuedAt) < now.timeIntervalSince1970 + 60 else {
            return (.forbidden, "ExpiredProviderToken")
        }
        state.withLockedValue { if $0.tokensSeen.last != jwt, !$0.tokensSeen.contains(jwt) { $0.tokensSeen.append(jwt) } }
        // The headers.
        guard let topic = headers.first(name: "apns-topic") else { return (.badRequest, "MissingTopic") }
        guard topic == self.topic else { return (.badRequest, "BadTopic") }
        guard let type = headers.first(name: "apns-push-type"), ["alert", "background"].contains(type) else { return (.badRequest, "InvalidPushType") }
        if let priority = headers.first(name: "apns-priority"), !["5", "10"].contains(priority) { return (.badRequest, "BadPriority") }
        if let expiration = headers.first(name: "apns-expiration"), Int(expiration) == nil { return (.badRequest, "BadExpirationDate") }
        // The payload.
        guard !body.isEmpty else { return (.badRequest, "PayloadEmpty") }
        guard body.count <= 4_096 else { return (.payloadTooLarge, "PayloadTooLarge") }
        guard let json = try? JSONSerialization.jsonObject(with: body) as? [String: Any], let aps = json["aps"] as? [String: Any] else {
            return (.badRequest, "BadPayload")
        }
        if type == "alert", aps["alert"] == nil { return (.badRequest, "BadPayload") }
        // What the stand-in was told.
        return state.withLockedValue { state in
            if state.unregistered.contains(device.lowercased()) { return (.gone, "Unregistered") }
            if state.throttled > 0 {
                state.throttled -= 1
                return (.tooManyRequests, "TooManyRequests")
            }
            var received: [String: String] = [:]
            for header in headers { received[header.name.lowercased()] = header.value }
            state.pushes.append(Push(deviceToken: device, headers: received, payload: body, jwtIssuedAt: issuedAt))
            return (.ok, nil)
        }
    }

    /// The token's `iat` when it is an ES256 JWT with our key id, issued by our team, signed by
    /// the team's key; nil otherwise.
    private func verifiedIssuedAt(_ jwt: String) -> Int? {
        let parts = jwt.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, let headerData = Base64URL.decode(parts[0]), let claimsData = Base64URL.decode(parts[1]),
              let signature = Base64URL.decode(parts[2]),
              let header = try? JSONSerialization.jsonObject(with: headerData) as? [String: Any],
              let claims = try? JSONSerialization.jsonObject(with: claimsData) as? [String: Any],
              header["alg"] as? String == "ES256", header["kid"] as? String == keyID, claims["iss"] as? String == teamID,
              let issuedAt = claims["iat"] as? NSNumber, issuedAt.doubleValue == issuedAt.doubleValue.rounded(),
              let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature),
              publicKey.isValidSignature(ecdsa, for: Data((parts[0] + "." + parts[1]).utf8)) else { return nil }
        return issuedAt.intValue
    }
}

/// One HTTP/2 stream, seen as HTTP/1 parts: collects the request, answers it.
private final class StreamHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let standIn: NIOLockedValueBox<APNsStandIn?>
    private var head: HTTPRequestHead?
    private var body = Data()

    init(standIn: NIOLockedValueBox<APNsStandIn?>) { self.standIn = standIn }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head): self.head = head
        case .body(let buffer): body.append(contentsOf: buffer.readableBytesView)
        case .end:
            guard let head, let standIn = standIn.withLockedValue({ $0 }) else { return }
            let (status, reason) = standIn.answer(method: head.method, path: head.uri, headers: head.headers, body: body)
            var headers = HTTPHeaders([("apns-id", UUID().uuidString)])
            var payload = ByteBuffer()
            if let reason {
                payload = ByteBuffer(string: #"{"reason":"\#(reason)"}"#)
                headers.add(name: "content-type", value: "application/json")
            }
            headers.add(name: "content-length", value: "\(payload.readableBytes)")
            context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http2, status: status, headers: headers))), promise: nil)
            if payload.readableBytes > 0 { context.write(wrapOutboundOut(.body(.byteBuffer(payload))), promise: nil) }
            context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
        }
    }
}
