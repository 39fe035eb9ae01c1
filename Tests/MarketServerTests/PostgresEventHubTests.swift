import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import Testing

/// PostgreSQL's hub (`PostgresEventHub`): how it reads back the events it is notified of.
@Suite("PostgreSQL event hub")
struct PostgresEventHubTests {
    @Test("a burst of events is read back in a few statements, not one an event, and reaches the stream whole, once each, in order",
          .enabled(if: TestDatabase.isPostgres))
    func burstReadTogether() async throws {
        try await withTestApp { app in
            try await app.withLiveServer { _ in
                let hub = try #require(app.eventHub as? PostgresEventHub)
                let listening = Date().addingTimeInterval(10)
                while hub.connections.withLockedValue({ $0 }) == 0, Date() < listening { try await Task.sleep(for: .milliseconds(20)) }
                let user = try await app.register().user.id
                let subscription = EventSubscription(userID: user, tokenID: UUID(), after: try await EventLog.latestSeq(for: user, on: app.db))
                hub.subscribers.add(subscription)
                defer { hub.subscribers.remove(subscription) }
                let readsBefore = hub.reads.withLockedValue { $0 }

                // One statement, 200 notifications, all sent at its commit.
                let burst = 200
                let rows = (1...burst).map { PendingWrites.Row(userID: user, kind: .conversationRead, payload: #"{"n":\#($0)}"#, at: Date()) }
                try await EventLog.write(rows, channel: hub.channel, on: app.db)

                let received = try await Self.events(burst, from: subscription, within: 20)
                #expect(received.count == burst)
                #expect(received.map(\.seq) == received.map(\.seq).sorted() && Set(received.map(\.seq)).count == burst)
                #expect(Set(received.map(\.payload)) == Set(rows.map(\.payload)))
                // Read one by one this was 200 statements; read together, it is the one or two
                // batches that came while the first read was under way.
                let reads = hub.reads.withLockedValue { $0 } - readsBefore
                #expect(reads >= 1 && reads <= 20, "\(reads) statements for \(burst) events")
            }
        }
    }

    /// The first `count` events a stream is offered, or those offered within `seconds`.
    static func events(_ count: Int, from subscription: EventSubscription, within seconds: Double) async throws -> [LiveEventRow] {
        await withTaskGroup(of: [LiveEventRow]?.self) { group in
            group.addTask {
                var rows: [LiveEventRow] = []
                for await signal in subscription.signals {
                    if case .event(let row) = signal { rows.append(row) }
                    if rows.count == count { break }
                }
                return rows
            }
            group.addTask {
                // Ends the stream, and so the read above, when the time is up (or once it is done).
                try? await Task.sleep(for: .seconds(seconds))
                subscription.finish()
                return nil
            }
            for await case let rows? in group {
                group.cancelAll()
                return rows
            }
            return []
        }
    }
}
