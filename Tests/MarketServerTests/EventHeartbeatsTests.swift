import Fluent
import Foundation
@testable import MarketServer
import MarketTestSupport
import Testing

/// Two loops serve every open stream (`EventHeartbeats`): a stream's beat is due an interval after
/// the last, and so is its session's check, the sessions of the streams due read in batches and the
/// streams whose session is gone ended.
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
        // The session's check keeps its own time: the beats taken did not take it.
        #expect(subscription.takeCheck(ifDueAt: now.addingTimeInterval(15.5), every: 15))
        #expect(!subscription.takeCheck(ifDueAt: now.addingTimeInterval(16), every: 15))
    }

    @Test("across batches, the streams whose session is gone end and the others stay")
    func endsInBatches() async throws {
        try await withTestApp { app in
            _ = try await app.register(name: "First Tab")
            _ = try await app.register(name: "Second Tab")
            let live = try await UserTokenRecord.query(on: app.db).all().map { try $0.requireID() }
            #expect(live.count == 2)
            // More than two batches; the live sessions' streams in the first and the third.
            var due = (0..<(2 * EventHeartbeats.batch + 1)).map { _ in EventSubscription(userID: UUID(), tokenID: UUID(), after: 0) }
            due[3] = EventSubscription(userID: UUID(), tokenID: live[0], after: 0)
            due[2 * EventHeartbeats.batch] = EventSubscription(userID: UUID(), tokenID: live[1], after: 0)
            try await EventHeartbeats.endStreamsOfEndedSessions(due, on: app.db)

            // A stream still open takes the next heartbeat; an ended one takes nothing more.
            for subscription in due { subscription.heartbeat() }
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
