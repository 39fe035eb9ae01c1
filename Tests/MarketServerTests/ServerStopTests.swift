import Foundation
@testable import MarketClient
@testable import MarketServer
import MarketTestSupport
import NIOConcurrencyHelpers
import Testing
import Vapor

/// A server told to stop (a deploy, a restart) ends its event streams first, so its HTTP server's
/// graceful stop has no connection left to wait for and each client resumes at once.
@Suite("Stopping with streams open")
struct ServerStopTests {
    @Test("stopping ends the open event streams cleanly; a stream opened after that ends at once")
    func streamsEndFirst() async throws {
        try await withTestApp { app in
            try await app.asyncBoot()
            try await app.server.start(address: .hostname("127.0.0.1", port: 0))
            let port = try #require(app.http.server.shared.localAddress?.port)
            let student = try await app.register(name: "Tab Open")
            let body = try await APIClient(baseURL: URL(string: "http://127.0.0.1:\(port)")!, tokenProvider: { student.token })
                .openEventStream(lastEventId: nil, idleTimeout: 60)
            let received = NIOLockedValueBox("")
            let ended = NIOLockedValueBox<Result<Void, any Error>?>(nil)
            let reading = Task {
                do {
                    for try await chunk in body { received.withLockedValue { $0 += String(decoding: chunk, as: UTF8.self) } }
                    ended.withLockedValue { $0 = .success(()) }
                } catch {
                    ended.withLockedValue { $0 = .failure(error) }
                }
            }
            defer { reading.cancel() }
            #expect(await Self.eventually { app.eventHub.subscribers.count == 1 && received.withLockedValue { $0.contains("event: ready") } })

            await app.stopServing()
            // Ended by the server before its HTTP server stopped, not cut when its wait ran out:
            // the handler is gone and the client read the body's end.
            #expect(app.eventHub.subscribers.count == 0)
            #expect(await Self.eventually { ended.withLockedValue { $0 } != nil })
            #expect(throws: Never.self) { try ended.withLockedValue { $0 }?.get() }

            let late = app.eventHub.subscribe(student.user.id, tokenID: UUID(), after: 0)
            let lateEnded = NIOLockedValueBox(false)
            let waiting = Task { for await _ in late.signals {}; lateEnded.withLockedValue { $0 = true } }
            #expect(await Self.eventually { lateEnded.withLockedValue { $0 } })
            late.finish()
            await waiting.value
        }
    }

    private static func eventually(_ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(30)
        while !condition(), Date() < deadline { try? await Task.sleep(for: .milliseconds(20)) }
        return condition()
    }
}
