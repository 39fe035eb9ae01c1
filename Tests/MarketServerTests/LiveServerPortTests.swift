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
            // moment would take it: between any check and the bind.
            try await app.startOnFreePort { range in
                let port = Int.random(in: range)
                if drawn.isEmpty { holder = try? LoopbackSocket.listening(on: port) }
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
}
