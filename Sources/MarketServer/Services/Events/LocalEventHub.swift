import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The hub of a single SQLite process. SQLite has one writer at a time and never reuses an
/// event id, so events commit in id order: after each commit the hub reads the events past its
/// cursor and hands them out. A round every second covers a commit nobody announced.
final class LocalEventHub: EventHub {
    let subscribers = EventSubscribers()
    private let loop = WakeableLoop(interval: 1)
    /// The last event handed out; nil while nobody listens (the next stream sets where to start).
    private let cursor = NIOLockedValueBox<Int64?>(nil)

    func committed() { loop.wake() }

    func didBoot(_ app: Application) throws {
        let database = app.db, logger = app.logger
        let (subscribers, cursor) = (self.subscribers, self.cursor)
        loop.start {
            do {
                guard !subscribers.isEmpty else {
                    cursor.withLockedValue { $0 = nil }
                    return true
                }
                // Start where the oldest open stream stands: everything after it must reach it.
                let from = cursor.withLockedValue { $0 } ?? subscribers.all.map(\.floor).min() ?? 0
                let next = try await Self.drain(after: from, to: subscribers, on: database)
                cursor.withLockedValue { $0 = next }
            } catch {
                logger.warning("event hub could not read events: \(String(describing: error))")
            }
            return true
        }
    }

    /// Hands out every event past `cursor`; returns the new cursor.
    private static func drain(after cursor: Int64, to subscribers: EventSubscribers, on db: any Database) async throws -> Int64 {
        var cursor = cursor
        while true {
            let rows = try await EventLog.events(after: cursor, limit: 500, on: db)
            for row in rows { subscribers.deliver(row) }
            guard let last = rows.last else { return cursor }
            cursor = last.seq
            if rows.count < 500 { return cursor }
        }
    }

    func shutdown(_ application: Application) {
        loop.stop()
        subscribers.finishAll()
    }

    /// Also waits for a read under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ application: Application) async {
        subscribers.finishAll()
        await loop.stopWaiting()
    }
}
