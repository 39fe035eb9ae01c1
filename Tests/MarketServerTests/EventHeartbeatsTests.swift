import Fluent
import Foundation
@testable import MarketServer
import MarketTestSupport
import Testing

/// One loop beats every open stream (`EventHeartbeats`): a stream's beat is due an interval after
/// the last, and the sessions of the streams due are read in batches, ending the streams whose
/// session is gone.
@Suite("Event heartbeats")
struct EventHeartbeatsTests {
    @Test("a beat is due an interval after the last, once")
    func dueOncePerInterval() {
        let subscription = EventSubscription(userID: UUID(), tokenID: UUID(), after: 0)
        let now = Date()
        #expect(!subscription.takeBeat(ifDueAt: now.addingTimeInterval(14), every: 15))
        #expect(subscription.takeBeat(ifDueAt: now.addingTimeInterval(15.5), every: 15))
        #expect(!subscription.takeBeat(ifDueAt: now.addingTimeInterval(16), every: 15))
        #expect(subscription.takeBeat(ifDueAt: now.addingTimeInterval(31), every: 15))
    }

    @Test("across batches, streams whose session exists get a heartbeat and the others end")
    func beatsInBatches() async throws {
        try await withTestApp { app in
            _ = try await app.register(name: "First Tab")
            _ = try await app.register(name: "Second Tab")
            let live = try await UserTokenRecord.query(on: app.db).all().map { try $0.requireID() }
            #expect(live.count == 2)
            // More than two batches; the live sessions' streams in the first and the third.
            var due = (0..<(2 * EventHeartbeats.batch + 1)).map { _ in EventSubscription(userID: UUID(), tokenID: UUID(), after: 0) }
            due[3] = EventSubscription(userID: UUID(), tokenID: live[0], after: 0)
            due[2 * EventHeartbeats.batch] = EventSubscription(userID: UUID(), tokenID: live[1], after: 0)
            try await EventHeartbeats.beat(due, on: app.db)

            var beating: [Int] = []
            for (index, subscription) in due.enumerated() {
                var signals = subscription.signals.makeAsyncIterator()
                switch await signals.next() {
                case .heartbeat?: beating.append(index)
                case nil: break  // ended
                case .event?: Issue.record("no event was offered")
                }
            }
            #expect(beating == [3, 2 * EventHeartbeats.batch])
        }
    }
}
