import Foundation
import MarketTestSupport
import Testing
import Vapor

/// The live servers the SDK and CLI tests start, eight tests at a time: a port someone else holds
/// when the server binds is passed over, not a failed test.
@Suite("Live test servers' ports")
struct LiveServerPortTests {
    @Test("a drawn port that another socket holds by the time the server binds it is passed over for another")
    func takenPortIsPassedOver() async throws {
        try await withTestApp { app in
            try await app.asyncBoot()
            var drawn: [Int] = []
            var holder: LoopbackSocket?
            defer { holder?.close() }
            // The first port drawn is taken as it is drawn, as another test starting at the same
            // moment would take it: between any check and the bind. A draw this test cannot hold
            // (another test serves on it) is drawn again, so the first port is always held.
            try await app.startOnFreePort { range in
                var port = Int.random(in: range)
                if drawn.isEmpty {
                    for _ in 0..<100 {
                        holder = try? LoopbackSocket.listening(on: port)
                        if holder != nil { break }
                        port = Int.random(in: range)
                    }
                }
                drawn.append(port)
                return port
            }
            let serving = app.http.server.shared.localAddress?.port
            await app.stopServing()
            #expect(holder != nil, "the first port could be held")
            #expect(drawn.count >= 2)
            #expect(serving == drawn.last)
            #expect(serving != drawn.first)
        }
    }

    @Test("a port the last server left with a connection closing (TIME_WAIT) can be held, as a server would bind it")
    func portLeftClosingCanBeHeld() async throws {
        try await withTestApp { app in
            try await app.asyncBoot()
            var port = 0
            var client: LoopbackSocket?
            defer { client?.close() }
            try await app.withLiveServer { url in
                port = url.port ?? 0
                // A connection open when the server stops: the server closes it first, so its
                // side lingers in TIME_WAIT on the port.
                client = try LoopbackSocket.connected(to: port)
                try client?.send("GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                #expect(client?.receive() != nil)
            }
            #expect(client?.receive() == nil, "the server closed the connection")
            let holder = try LoopbackSocket.listening(on: port)
            holder.close()
        }
    }
}
