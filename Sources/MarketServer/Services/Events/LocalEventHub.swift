import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// The hub of a single SQLite process. SQLite has one writer at a time and never reuses an
/// event id, so events commit in id order: after each commit the hub reads the events past its
/// cursor and hands them out. A tick every second covers a commit nobody announced, and sweeps
/// old events now and then.
final class LocalEventHub: EventHub {
    let subscribers = EventSubscribers()
    private let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let loop = BackgroundLoop()
    private let ticker = BackgroundLoop()

    init() {
        (wakes, wake) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    func committed() { wake.yield() }

    func didBoot(_ app: Application) throws {
        let database = app.db, clock = app.clock, retention = app.settings.eventRetention, logger = app.logger
        let (wakes, subscribers) = (self.wakes, self.subscribers)
        // The sweep is a write: it queues with the other writers (see WriteTransactions) rather
        // than spin on a thread-pool thread while another holds SQLite's write lock.
        let writes = WriteTransactions(database: database, groupCommit: app.sqliteGroupCommit, committed: nil)
        loop.start {
            var cursor: Int64?
            var lastSweep = clock.now()
            for await _ in wakes {
                do {
                    let now = clock.now()
                    if now.timeIntervalSince(lastSweep) > 60 {
                        try await writes.run { tx in try await EventLog.sweep(before: now.addingTimeInterval(-retention), on: tx.db) }
                        lastSweep = now
                    }
                    // Nobody listening: nothing to read. The next stream sets where to start.
                    guard !subscribers.all.isEmpty else {
                        cursor = nil
                        continue
                    }
                    // Start where the oldest open stream stands: everything after it must reach it.
                    let from = cursor ?? subscribers.all.map(\.floor).min() ?? 0
                    cursor = try await Self.drain(after: from, to: subscribers, on: database)
                } catch {
                    logger.warning("event hub could not read events: \(String(describing: error))")
                }
            }
        }
        let wake = self.wake
        ticker.start {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                wake.yield()
            }
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
        ticker.stop()
        loop.stop()
        wake.finish()
        subscribers.finishAll()
    }

    /// Also waits for a read or sweep under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ application: Application) async {
        shutdown(application)
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
}
