import Fluent
import Foundation
import Logging
import NIOConcurrencyHelpers
import PostgresKit
import PostgresNIO
import Vapor

/// The hub of one instance among several sharing PostgreSQL. It keeps one connection of its
/// own in `LISTEN` on the events channel; each notification names an event and its user, and
/// the event is read from the table only when someone here is listening for that user.
/// When the connection drops (a database restart, a network cut) it reconnects with backoff
/// and, once listening again, catches every open stream up from the table, so nothing
/// committed while it was away is lost.
final class PostgresEventHub: EventHub {
    let subscribers = EventSubscribers()
    let channel: String
    private let configuration: PostgresConnection.Configuration
    private let loop = BackgroundLoop()
    /// The listening connection, closed at shutdown (that ends the wait for notifications).
    private let current = NIOLockedValueBox<PostgresConnection?>(nil)
    /// Times the listener has (re)connected: tests wait on it after a restart.
    let connections = NIOLockedValueBox(0)
    /// Statements that read notified events back (`PendingEventReads`): tests count them.
    let reads = NIOLockedValueBox(0)

    init(configuration: PostgresConnection.Configuration, channel: String) {
        self.configuration = configuration
        self.channel = channel
    }

    /// PostgreSQL delivers `NOTIFY` on commit by itself.
    func committed() {}

    func didBoot(_ app: Application) throws {
        let database = app.db, eventLoopGroup = app.eventLoopGroup, logger = app.logger
        loop.start { [self] in
            var backoff = 0.1
            while !Task.isCancelled {
                do {
                    let connection = try await PostgresConnection.connect(
                        on: eventLoopGroup.any(), configuration: configuration, id: 1, logger: logger)
                    current.withLockedValue { $0 = connection }
                    do {
                        try await connection.listen(on: channel) { notifications in
                            backoff = 0.1
                            connections.withLockedValue { $0 += 1 }
                            try await catchUp(on: database)
                            try await relay(notifications, on: database)
                        }
                    } catch {
                        try? await connection.close()
                        throw error
                    }
                    try? await connection.close()
                } catch {
                    if Task.isCancelled { return }
                    logger.warning("event listener lost its connection, reconnecting: \(String(reflecting: type(of: error)))")
                }
                try? await Task.sleep(for: .seconds(backoff))
                backoff = min(backoff * 2, 2)
            }
        }
    }

    /// Notifications in, events out: one task notes the events someone here listens for, the
    /// other reads them back and delivers them, every one waiting in one statement
    /// (`PendingEventReads`). Either ending ends both: a failed read reconnects, and so catches
    /// up, as a lost connection does.
    private func relay(_ notifications: PostgresNotificationSequence, on db: any Database) async throws {
        let pending = PendingEventReads()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { [self] in
                defer { pending.finish() }
                for try await notification in notifications {
                    if let seq = wanted(notification.payload) { pending.add(seq) }
                }
            }
            group.addTask { [self] in
                for await _ in pending.rings {
                    let seqs = pending.take()
                    guard !seqs.isEmpty else { continue }
                    reads.withLockedValue { $0 += 1 }
                    // Oldest first: one user's events commit in the order of their numbers (`EventLog`).
                    for row in try await EventLog.events(seqs, on: db) { subscribers.deliver(row) }
                }
            }
            try await group.next()
            group.cancelAll()
        }
    }

    /// The event a notification (`"<seq> <user id>"`) names, if someone here listens for its user.
    private func wanted(_ payload: String) -> Int64? {
        let parts = payload.split(separator: " ")
        guard parts.count == 2, let seq = Int64(parts[0]), let userID = UUID(uuidString: String(parts[1])),
              subscribers.isListening(userID) else { return nil }
        return seq
    }

    /// Every open stream gets what was committed past its floor while nobody was listening.
    private func catchUp(on db: any Database) async throws {
        for subscription in subscribers.all {
            for row in try await EventLog.events(for: subscription.userID, after: subscription.floor, on: db) {
                subscription.offer(row)
            }
        }
    }

    func shutdown(_ application: Application) {
        loop.stop()
        if let connection = current.withLockedValue({ $0 }) { connection.close().whenComplete { _ in } }
        subscribers.finishAll()
    }

    /// Also waits for a catch-up or sweep under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ application: Application) async {
        shutdown(application)
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
}
