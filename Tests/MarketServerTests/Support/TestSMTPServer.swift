import Foundation
@testable import MarketServer
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSL

/// A real SMTP server on a loopback port, for tests: it speaks the protocol our client speaks
/// (EHLO, AUTH PLAIN, MAIL, RCPT, DATA, QUIT), keeps what it received, and can refuse the
/// first messages with a temporary failure to show that the outbox retries.
final class TestSMTPServer: Sendable {
    struct Received: Sendable {
        let from: String
        let to: [String]
        let data: String
        let authenticatedAs: String?
        /// Whether the message came over TLS (after STARTTLS).
        let overTLS: Bool

        /// The decoded text body of the message.
        var body: String {
            let parts = data.components(separatedBy: "\r\n\r\n")
            let encoded = parts.dropFirst().joined(separator: "\r\n\r\n").replacingOccurrences(of: "\r\n", with: "")
            return Data(base64Encoded: encoded).map { String(decoding: $0, as: UTF8.self) } ?? ""
        }

        func header(_ name: String) -> String? {
            data.components(separatedBy: "\r\n\r\n").first?.components(separatedBy: "\r\n")
                .first { $0.lowercased().hasPrefix(name.lowercased() + ": ") }
                .map { String($0.dropFirst(name.count + 2)) }
        }
    }

    private let channel: any Channel
    private let state: NIOLockedValueBox<(received: [Received], refusalsLeft: Int)>
    let port: Int

    /// Starts listening; `refusing` messages get `451` before any is accepted; with `tls`, it
    /// offers STARTTLS.
    static func start(refusing: Int = 0, credentials: (String, String)? = nil, tls: NIOSSLContext? = nil) async throws -> TestSMTPServer {
        let state = NIOLockedValueBox<(received: [Received], refusalsLeft: Int)>(([], refusing))
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { child in
                child.pipeline.addHandlers([ByteToMessageHandler(SMTPLineDecoder()), SMTPServerHandler(state: state, credentials: credentials, tls: tls)])
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return TestSMTPServer(channel: channel, state: state, port: channel.localAddress!.port!)
    }

    private init(channel: any Channel, state: NIOLockedValueBox<(received: [Received], refusalsLeft: Int)>, port: Int) {
        self.channel = channel
        self.state = state
        self.port = port
    }

    var received: [Received] { state.withLockedValue { $0.received } }
    var url: String { "smtp://127.0.0.1:\(port)" }

    /// Waits up to `seconds` for `count` messages: long, as it returns once they are here (a
    /// delivery round took over 10 s with the whole suite on PostgreSQL on two cores).
    func waitForMessages(_ count: Int, seconds: Double = 60) async throws -> [Received] {
        let deadline = Date().addingTimeInterval(seconds)
        while received.count < count, Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        return received
    }

    func stop() async {
        try? await channel.close()
    }
}

/// One client connection's side of the conversation.
private final class SMTPServerHandler: ChannelInboundHandler, @unchecked Sendable {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    let state: NIOLockedValueBox<(received: [TestSMTPServer.Received], refusalsLeft: Int)>
    let credentials: (String, String)?
    let tls: NIOSSLContext?
    private var overTLS = false
    private var from = ""
    private var to: [String] = []
    private var data: [String]?
    private var user: String?

    init(state: NIOLockedValueBox<(received: [TestSMTPServer.Received], refusalsLeft: Int)>, credentials: (String, String)?,
         tls: NIOSSLContext?) {
        self.state = state
        self.credentials = credentials
        self.tls = tls
    }

    func channelActive(context: ChannelHandlerContext) {
        reply("220 test-smtp ready", context: context)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let line = String(buffer: unwrapInboundIn(data))
        if var lines = self.data {
            if line == "." {
                self.data = nil
                let refuse = state.withLockedValue { state -> Bool in
                    if state.refusalsLeft > 0 { state.refusalsLeft -= 1; return true }
                    state.received.append(.init(from: from, to: to, data: lines.joined(separator: "\r\n"), authenticatedAs: user, overTLS: overTLS))
                    return false
                }
                reply(refuse ? "451 try again later" : "250 queued", context: context)
            } else {
                lines.append(line.hasPrefix("..") ? String(line.dropFirst()) : line)
                self.data = lines
            }
            return
        }
        let verb = line.split(separator: " ").first.map { $0.uppercased() } ?? ""
        switch verb {
        case "EHLO":
            let startTLS = tls != nil && !overTLS ? "250-STARTTLS\r\n" : ""
            reply("250-test-smtp\r\n" + startTLS + "250-AUTH PLAIN\r\n250 8BITMIME", context: context)
        case "STARTTLS":
            guard let tls, !overTLS else { reply("502 not offered", context: context); return }
            reply("220 go ahead", context: context)
            // The 220 has left; everything from here on is TLS.
            try? context.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: tls), position: .first)
            overTLS = true
        case "AUTH":
            let decoded = Data(base64Encoded: String(line.split(separator: " ").last ?? "")).map { String(decoding: $0, as: UTF8.self) } ?? ""
            let parts = decoded.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            if let credentials, parts.count == 3, parts[1] == credentials.0, parts[2] == credentials.1 {
                user = parts[1]
                reply("235 ok", context: context)
            } else {
                reply("535 bad credentials", context: context)
            }
        case "MAIL":
            if credentials != nil, user == nil { reply("530 authentication required", context: context); return }
            from = Self.address(line); to = []
            reply("250 ok", context: context)
        case "RCPT": to.append(Self.address(line)); reply("250 ok", context: context)
        case "DATA": self.data = []; reply("354 go ahead", context: context)
        case "QUIT": reply("221 bye", context: context); context.close(promise: nil)
        default: reply("502 not implemented", context: context)
        }
    }

    private static func address(_ line: String) -> String {
        guard let open = line.firstIndex(of: "<"), let close = line.lastIndex(of: ">") else { return "" }
        return String(line[line.index(after: open)..<close])
    }

    private func reply(_ text: String, context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: text + "\r\n")), promise: nil)
    }
}
