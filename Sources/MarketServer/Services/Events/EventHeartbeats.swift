import Fluent
import Foundation
import Vapor

/// The heartbeats of every stream open on this instance, from one loop rather than a timer per
/// stream. Each round takes the streams whose beat is due, asks the database once per 500 of them
/// which of their sessions still exist, sends those a heartbeat and ends the others (signed out
/// elsewhere, a new password, a suspension: the token row is gone, on every instance). With a
/// timer and a session read of its own, each idle stream cost a wake-up and a statement every
/// heartbeat: 10,000 idle streams kept 0.2 cores busy (`bench/events.py load`).
final class EventHeartbeats: LifecycleHandler {
    let interval: TimeInterval
    private let subscribers: EventSubscribers
    private let loop: WakeableLoop

    /// Sessions asked about in one statement.
    static let batch = 500

    init(interval: TimeInterval, subscribers: EventSubscribers) {
        self.interval = interval
        self.subscribers = subscribers
        // A beat is due `interval` after the last and goes out within a quarter of it (a second
        // at most), so streams opened at different times keep beating at different times.
        loop = WakeableLoop(interval: min(1, interval / 4))
    }

    func didBoot(_ app: Application) throws {
        let (subscribers, interval, database, logger) = (self.subscribers, self.interval, app.db, app.logger)
        loop.start {
            let due = subscribers.all.filter { $0.takeBeat(ifDueAt: Date(), every: interval) }
            do {
                try await Self.beat(due, on: database)
            } catch {
                // Unanswered, a beat is not withheld: a stream is not ended for our own trouble.
                logger.warning("event heartbeats could not read sessions: \(String(describing: error))")
                for subscription in due { subscription.heartbeat() }
            }
            return true
        }
    }

    /// Sends `due` their heartbeats, ending those whose session is gone.
    static func beat(_ due: [EventSubscription], on database: any Database) async throws {
        for start in stride(from: 0, to: due.count, by: batch) {
            let part = due[start..<min(start + batch, due.count)]
            let asked = Array(Set(part.map(\.tokenID)))
            let alive = Set(try await UserTokenRecord.query(on: database).filter(\.$id ~~ asked).all(\.$id))
            for subscription in part {
                if alive.contains(subscription.tokenID) { subscription.heartbeat() } else { subscription.finish() }
            }
        }
    }

    func shutdown(_ application: Application) { loop.stop() }

    func shutdownAsync(_ application: Application) async { await loop.stopWaiting() }
}
