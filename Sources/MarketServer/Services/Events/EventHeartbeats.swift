import Fluent
import Foundation
import Vapor

/// The heartbeats of every stream open on this instance, and the check that each stream's session
/// still exists, from two loops rather than a timer per stream. One sends each stream its beat an
/// interval after the last, reading nothing, so a slow database never delays a beat past the
/// server's idle timeout (five beats). The other, on the same cadence, asks the database once per
/// 500 streams which of their sessions still exist, and ends the streams whose session is gone
/// (signed out elsewhere, a new password, a suspension: the token row is gone, on every instance).
/// With a timer and a session read of its own, each idle stream cost a wake-up and a statement
/// every heartbeat: 10,000 idle streams kept 0.2 cores busy (`bench/events.py load`).
final class EventHeartbeats: LifecycleHandler {
    let interval: TimeInterval
    private let subscribers: EventSubscribers
    private let beats: WakeableLoop
    private let checks: WakeableLoop

    /// Sessions asked about in one statement.
    static let batch = 500

    init(interval: TimeInterval, subscribers: EventSubscribers) {
        self.interval = interval
        self.subscribers = subscribers
        // Due `interval` after the last and done within a quarter of it (a second at most), so
        // streams opened at different times keep beating at different times.
        beats = WakeableLoop(interval: min(1, interval / 4))
        checks = WakeableLoop(interval: min(1, interval / 4))
    }

    func didBoot(_ app: Application) throws {
        let (subscribers, interval, database, logger) = (self.subscribers, self.interval, app.db, app.logger)
        beats.start {
            for subscription in subscribers.all where subscription.takeBeat(ifDueAt: Date(), every: interval) {
                subscription.heartbeat()
            }
            return true
        }
        checks.start {
            let due = subscribers.all.filter { $0.takeCheck(ifDueAt: Date(), every: interval) }
            do {
                try await Self.endStreamsOfEndedSessions(due, on: database)
            } catch {
                // Unanswered, the streams stay: none is ended for our own trouble.
                logger.warning("event streams' sessions could not be read: \(String(describing: error))")
            }
            return true
        }
    }

    /// Ends those of `due` whose session is gone.
    static func endStreamsOfEndedSessions(_ due: [EventSubscription], on database: any Database) async throws {
        for start in stride(from: 0, to: due.count, by: batch) {
            let part = due[start..<min(start + batch, due.count)]
            let asked = Array(Set(part.map(\.tokenID)))
            let alive = Set(try await UserTokenRecord.query(on: database).filter(\.$id ~~ asked).all(\.$id))
            for subscription in part where !alive.contains(subscription.tokenID) { subscription.finish() }
        }
    }

    func shutdown(_ application: Application) {
        beats.stop()
        checks.stop()
    }

    func shutdownAsync(_ application: Application) async {
        await beats.stopWaiting()
        await checks.stopWaiting()
    }
}
