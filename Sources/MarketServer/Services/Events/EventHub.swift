import Fluent
import Foundation
import NIOConcurrencyHelpers
import Vapor

/// Carries committed events to the streams open on this instance. SQLite (one process):
/// `LocalEventHub`, woken after each commit. PostgreSQL (several instances): `PostgresEventHub`,
/// woken by `NOTIFY`. Streams only see this protocol.
protocol EventHub: LifecycleHandler, Sendable {
    var subscribers: EventSubscribers { get }
    /// A transaction that may have written events has committed.
    func committed()
}

extension EventHub {
    /// Registers a stream for `userID`, signed in as `tokenID`, that has seen everything up to `seq`.
    func subscribe(_ userID: UUID, tokenID: UUID, after seq: Int64) -> EventSubscription {
        let subscription = EventSubscription(userID: userID, tokenID: tokenID, after: seq)
        subscribers.add(subscription)
        subscription.onTermination { [subscribers] in subscribers.remove(subscription) }
        return subscription
    }

    func shutdown(_ application: Application) {
        subscribers.finishAll()
    }
}

extension Application {
    private struct EventHubKey: StorageKey { typealias Value = any EventHub }

    /// Set by `configure` for the database in use.
    var eventHub: any EventHub {
        get {
            guard let hub = storage[EventHubKey.self] else { fatalError("configure() sets the event hub") }
            return hub
        }
        set { storage[EventHubKey.self] = newValue }
    }
}
