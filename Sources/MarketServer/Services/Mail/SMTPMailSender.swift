import Foundation
import NIOCore
import NIOPosix
import NIOSSL

/// Sends mail through the relay in `SMTP_URL`: EHLO, STARTTLS when offered (or TLS from the
/// start with smtps://), AUTH PLAIN when the URL has credentials, then one message. A small
/// client on SwiftNIO; no mail library is carried here.
struct SMTPMailSender: MailSender {
    let relay: SMTPRelay
    /// The name this server gives in EHLO.
    var heloName = "campusmarket.local"
    var timeout: TimeAmount = .seconds(30)

    struct RelayError: Error, CustomStringConvertible {
        let description: String
    }

    func send(_ message: MailMessage, from: String, messageID: String, date: Date) async throws {
        try await withConnection { channel, tls in
            try await converse(over: channel, tls: tls, message: message, from: from, messageID: messageID, date: date)
        }
    }

    /// Whether the relay answers: its greeting and EHLO, then QUIT (`campusmarket doctor`).
    func greet() async throws {
        try await withConnection { channel, _ in
            try await channel.executeThenClose { inbound, outbound in
                var session = SMTPSession(lines: inbound.makeAsyncIterator(), outbound: outbound)
                try await session.expect(220)
                _ = try await session.command("EHLO \(heloName)", expect: 250)
                _ = try? await session.command("QUIT", expect: 221)
            }
        }
    }

    /// A connection to the relay (TLS from the first byte for `smtps://`) for `body`, closed when
    /// `timeout` passes or the task is cancelled (the application stopping): either ends the
    /// conversation at once, with an error.
    private func withConnection(_ body: (NIOAsyncChannel<ByteBuffer, ByteBuffer>, NIOSSLContext) async throws -> Void) async throws {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let file = relay.trustedCertificatesFile { configuration.additionalTrustRoots = [.file(file)] }
        let tls = try NIOSSLContext(configuration: configuration)
        let relay = relay
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(.seconds(10))
            .connect(host: relay.host, port: relay.port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    if relay.implicitTLS {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLClientHandler(context: tls, serverHostname: relay.tlsServerName))
                    }
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(SMTPLineDecoder()))
                    return try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let deadline = channel.channel.eventLoop.scheduleTask(in: timeout) { channel.channel.close(promise: nil) }
        defer { deadline.cancel() }
        try await withTaskCancellationHandler {
            try await body(channel, tls)
        } onCancel: {
            channel.channel.close(promise: nil)
        }
    }

    /// The conversation on a connected `channel`, through to QUIT.
    private func converse(over channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>, tls: NIOSSLContext,
                          message: MailMessage, from: String, messageID: String, date: Date) async throws {
        try await channel.executeThenClose { inbound, outbound in
            var session = SMTPSession(lines: inbound.makeAsyncIterator(), outbound: outbound)
            try await session.expect(220)
            var features = try await session.command("EHLO \(heloName)", expect: 250)
            var secure = relay.implicitTLS
            if !secure, features.contains(where: { $0.uppercased().hasPrefix("STARTTLS") }) {
                _ = try await session.command("STARTTLS", expect: 220)
                try await channel.channel.pipeline.addHandler(NIOSSLClientHandler(context: tls, serverHostname: relay.tlsServerName), position: .first).get()
                secure = true
                features = try await session.command("EHLO \(heloName)", expect: 250)
            }
            if let username = relay.username {
                guard secure || relay.isLoopback else {
                    throw RelayError(description: "the relay \(relay.host) offers no TLS, so its password was not sent")
                }
                let credentials = Data(("\u{0}" + username + "\u{0}" + (relay.password ?? "")).utf8).base64EncodedString()
                _ = try await session.command("AUTH PLAIN \(credentials)", expect: 235, redacted: "AUTH PLAIN …")
            }
            _ = try await session.command("MAIL FROM:<\(Self.address(in: from))>", expect: 250)
            _ = try await session.command("RCPT TO:<\(message.to)>", expect: 250, 251)
            _ = try await session.command("DATA", expect: 354)
            // Dot-stuffing is not needed: the body is base64 and no header line starts with ".".
            _ = try await session.command(message.rendered(from: from, date: date, messageID: messageID) + "\r\n.", expect: 250, redacted: "the message")
            _ = try? await session.command("QUIT", expect: 221)
        }
    }

    /// `a@b.edu` from `CampusMarket <a@b.edu>` or `a@b.edu`.
    static func address(in from: String) -> String {
        if let open = from.lastIndex(of: "<"), let close = from.lastIndex(of: ">"), open < close {
            return String(from[from.index(after: open)..<close])
        }
        return from.trimmingCharacters(in: .whitespaces)
    }
}
