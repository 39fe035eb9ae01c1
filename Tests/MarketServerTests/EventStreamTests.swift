import Foundation
import NIOConcurrencyHelpers
@testable import MarketClient
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing
import Vapor

/// `GET /api/v1/events` over a real socket, read by the SDK's `LiveEvents`: what arrives, what
/// a resumed stream replays, heartbeats, and cleanup of clients that leave.
@Suite("Live events")
struct EventStreamTests {
    static func client(_ url: URL, _ token: String) -> APIClient {
        APIClient(baseURL: url, tokenProvider: { token })
    }

    @Test("a message reaches both sides' open streams, and a purchase reaches the seller's as a notification")
    func deliversMessagesAndNotifications() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { url in
                let deal = try await app.deal()
                let seller = LiveRecorder(Self.client(url, deal.seller.token).liveEvents())
                let buyer = LiveRecorder(Self.client(url, deal.buyer.token).liveEvents())
                #expect(await seller.wait { $0.connections == 1 })
                #expect(await buyer.wait { $0.connections == 1 })

                let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
                try await app.sendMessage("Still for sale?", in: conversation.id, token: deal.buyer.token)
                _ = try await app.placeOrder(deal)

                #expect(await seller.wait { $0.messages.map(\.text) == ["Still for sale?"] })
                #expect(await buyer.wait { $0.messages.map(\.text) == ["Still for sale?"] })
                #expect(await seller.wait { recorder in
                    recorder.events.contains { if case .notification(let n) = $0.payload { n.kind == .purchaseRequested } else { false } }
                })
                // The buyer reads: the seller hears of it.
                try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read", token: deal.seller.token)
                #expect(await buyer.wait { recorder in
                    recorder.events.contains { if case .conversationRead(let read) = $0.payload { read.readerId == deal.seller.user.id } else { false } }
                })
                // Ids only grow, and nobody got an event twice.
                for recorder in [seller, buyer] {
                    let ids = recorder.events.map(\.id)
                    #expect(ids == ids.sorted() && Set(ids).count == ids.count)
                }
                await seller.stop()
                await buyer.stop()
            }
        }
    }

    @Test("a stream resumed with Last-Event-ID receives exactly what it missed, in order, once")
    func resumesWithLastEventID() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { url in
                let deal = try await app.deal()
                let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
                try await app.sendMessage("Seen before leaving", in: conversation.id, token: deal.buyer.token)
                let first = LiveRecorder(Self.client(url, deal.seller.token).liveEvents())
                #expect(await first.wait { $0.connections == 1 })
                try await app.sendMessage("Seen live", in: conversation.id, token: deal.buyer.token)
                #expect(await first.wait { $0.messages.count == 1 })
                let lastSeen = try #require(first.events.last?.id)
                await first.stop()

                for n in 1...3 { try await app.sendMessage("Missed \(n)", in: conversation.id, token: deal.buyer.token) }
                let resumed = LiveRecorder(Self.client(url, deal.seller.token).liveEvents(resumeAfter: lastSeen))
                #expect(await resumed.wait { $0.messages.count == 3 })
                try await app.sendMessage("Live again", in: conversation.id, token: deal.buyer.token)
                #expect(await resumed.wait { $0.messages.count == 4 })
                #expect(resumed.messages.map(\.text) == ["Missed 1", "Missed 2", "Missed 3", "Live again"])
                #expect(!resumed.all.contains(.resync))
                await resumed.stop()
            }
        }
    }

    @Test("an idle stream gets heartbeats; a client that leaves is dropped within a heartbeat")
    func heartbeatsAndCleanup() async throws {
        // Heartbeats of 1 s: the server lets a connection go after five with nothing written, and
        // on two loaded cores a debug suite left gaps that long under the test, ending the stream
        // after its first beat: at 0.2 (one second) the PostgreSQL suite, at 0.5 the SQLite suite
        // at a width of 8 (once in two runs on 2026-12-06).
        try await withTestApp(adjust: { $0.eventHeartbeatInterval = 1 }) { app in
            try await app.withLiveServer { url in
                let user = try await app.register(name: "Idle")
                let body = try await Self.client(url, user.token).openEventStream(lastEventId: nil, idleTimeout: 60)
                let received = NIOLockedValueBox("")
                let reader = Task {
                    for try await chunk in body { received.withLockedValue { $0 += String(decoding: chunk, as: UTF8.self) } }
                }
                // Waits as long as a loaded two-core machine may need (the beats come from a loop of
                // the server's, sharing the cores); it returns as soon as the heartbeats are there.
                let deadline = Date().addingTimeInterval(30)
                while received.withLockedValue({ $0.components(separatedBy: ": heartbeat\n\n").count }) < 3, Date() < deadline {
                    try await Task.sleep(for: .milliseconds(20))
                }
                #expect(received.withLockedValue { $0 }.hasPrefix("retry: 2000\nid: 0\nevent: ready\ndata: {}\n\n: heartbeat\n\n"))
                #expect(app.eventHub.subscribers.count == 1)
                // The client hangs up; the next heartbeat finds the socket closed.
                reader.cancel()
                let hungUp = Date().addingTimeInterval(30)
                while app.eventHub.subscribers.count > 0, Date() < hungUp { try await Task.sleep(for: .milliseconds(20)) }
                #expect(app.eventHub.subscribers.count == 0)
            }
        }
    }

    @Test("a stream ends within a heartbeat of its session ending (sign-out elsewhere, a suspension)")
    func endsWithItsSession() async throws {
        // Not shorter: the server closes a connection idle for five heartbeats, and a test
        // process's other tests may hold its threads for a second (a camera photo made in a
        // debug build), which at 0.2 s closed this stream before its session had ended.
        try await withTestApp(adjust: { $0.eventHeartbeatInterval = 1 }) { app in
            try await app.withLiveServer { url in
                let user = try await app.register(name: "Soon Gone")
                let body = try await Self.client(url, user.token).openEventStream(lastEventId: nil, idleTimeout: 60)
                let ended = NIOLockedValueBox(false)
                let reader = Task {
                    for try await _ in body {}
                    ended.withLockedValue { $0 = true }
                }
                defer { reader.cancel() }
                let opened = Date().addingTimeInterval(30)
                while app.eventHub.subscribers.count == 0, Date() < opened { try await Task.sleep(for: .milliseconds(20)) }
                #expect(try await app.send(.POST, "/api/v1/auth/logout", token: user.token).status == .noContent)
                let deadline = Date().addingTimeInterval(30)
                while !ended.withLockedValue({ $0 }), Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
                #expect(ended.withLockedValue { $0 })
                #expect(app.eventHub.subscribers.count == 0)
            }
        }
    }

    @Test("without a valid token the stream is a 401 in the API's error model, and the SDK stops")
    func unauthenticated() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/events")
            #expect(response.status == .unauthorized)
            #expect(try response.error.code == "unauthenticated")
            try await app.withLiveServer { url in
                let recorder = LiveRecorder(Self.client(url, "cm_not-a-token").liveEvents())
                #expect(await recorder.wait { $0.error != nil })
                #expect((recorder.error as? APIClientError)?.status == 401)
            }
        }
    }
}
