import Foundation
#if canImport(Glibc)
import Glibc
#endif
import MarketCore
@testable import MarketClient
@testable import MarketServer
import MarketTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor

/// A client that stops reading its event stream (a phone in a tunnel) is let go: the server
/// closes the connection once nothing has been read from it or taken by it for five heartbeats,
/// rather than holding the connection, its task and what it buffered until TCP gives up. The
/// client resumes with `Last-Event-ID` when it reads again.
@Suite("Stalled event streams")
struct StalledStreamTests {
    /// A raw socket that asks for the stream with a receive buffer as small as Linux allows, and
    /// then reads nothing.
    private struct StalledClient {
        let fd: Int32

        init(port: Int, token: String) throws {
            fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var size: Int32 = 1_024
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { throw Abort(.internalServerError, reason: "connect failed") }
            let request = "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nAccept: text/event-stream\r\n\r\n"
            _ = request.withCString { send(fd, $0, strlen($0), 0) }
        }

        func close() { _ = Glibc.close(fd) }
    }

    @Test("a client that stops reading is disconnected within a few heartbeats; a stream that reads stays open")
    func stalledClientIsLetGo() async throws {
        // Heartbeats of a second, so the server lets a stream go after five seconds with nothing
        // taken. The stream that reads survives a stall of its process of up to four: at 0.2 and
        // then 0.5 s, loaded runs of the whole suite on two cores (eight tests at a time, each
        // with servers of its own) once in about eight let it go too. Not only a stall: one failure
        // at 1 s saw a largest gap of 1.0 s (both streams ended at once; cause still open).
        try await withTestApp(adjust: { $0.eventHeartbeatInterval = 1 }) { app in
            try await app.withLiveServer { url in
                let reader = try await app.register(name: "Rae")
                let stalled = try await app.register(name: "Stan")
                let beats = NIOLockedValueBox<[Date]>([])
                let body = try await APIClient(baseURL: url, tokenProvider: { reader.token }).openEventStream(lastEventId: nil, idleTimeout: 60)
                let reading = Task {
                    for try await chunk in body {
                        if String(decoding: chunk, as: UTF8.self).contains(": heartbeat") { beats.withLockedValue { $0.append(Date()) } }
                    }
                }
                let client = try StalledClient(port: try #require(url.port), token: stalled.token)
                defer { client.close() }
                #expect(await Self.eventually { app.eventHub.subscribers.count == 2 })

                // More than the client's window and the most the kernel buffers for the server's
                // socket (4 MB here, `net.ipv4.tcp_wmem`): past that, its writes stall.
                let services = app.domainServices()
                let long = String(repeating: "A notice long enough to fill a stalled client's buffers quickly. ", count: 500)
                for _ in 0..<200 {
                    try await services.writes.run { tx in
                        try await services.on(tx.db).notifier.send(OutgoingNotification(userID: stalled.user.id, kind: .moderatorAction, message: .verbatim(long)), in: tx)
                    }
                }
                // Five heartbeats with nothing taken: the stalled stream ends, the other stays.
                #expect(await Self.eventually { app.eventHub.subscribers.count < 2 }, "the stalled stream was let go")
                #expect(app.eventHub.subscribers.count == 1, "the reading stream stays open; its beats' largest gap: \(Self.largestGap(beats.withLockedValue { $0 })) s")
                try await Task.sleep(for: .seconds(2))
                #expect(app.eventHub.subscribers.count == 1, "the reading stream stays open; its beats' largest gap: \(Self.largestGap(beats.withLockedValue { $0 })) s")
                let heartbeats = beats.withLockedValue { $0.count }
                // Waited for, not slept: on a loaded machine a second may pass without a chunk read.
                #expect(await Self.eventually { beats.withLockedValue { $0.count } > heartbeats }, "the reading stream still beats")
                reading.cancel()
            }
        }
    }

    /// The longest time between two heartbeats the reading client got, to one decimal.
    private static func largestGap(_ arrivals: [Date]) -> Double {
        let gaps = zip(arrivals.dropFirst(), arrivals).map { $0.timeIntervalSince($1) }
        return ((gaps.max() ?? 0) * 10).rounded() / 10
    }

    /// Waits up to 30 s (a loaded two-core machine) for `condition`.
    private static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition(), Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return condition()
    }
}
