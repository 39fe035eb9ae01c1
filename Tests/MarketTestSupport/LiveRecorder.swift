import Foundation
import MarketClient
import MarketCore
import NIOConcurrencyHelpers

/// Reads a `LiveEvents` sequence in the background and keeps what it yields, so a test can
/// act and then wait for what should arrive (polling, with a deadline: nothing here is timed).
public final class LiveRecorder: Sendable {
    private let updates = NIOLockedValueBox<[LiveUpdate]>([])
    private let failure = NIOLockedValueBox<(any Error)?>(nil)
    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)

    public init(_ events: LiveEvents) {
        let started = Task { [updates, failure] in
            do {
                for try await update in events { updates.withLockedValue { $0.append(update) } }
            } catch {
                failure.withLockedValue { $0 = error }
            }
        }
        task.withLockedValue { $0 = started }
    }

    public var all: [LiveUpdate] { updates.withLockedValue { $0 } }
    public var error: (any Error)? { failure.withLockedValue { $0 } }

    public var events: [LiveEvent] {
        all.compactMap { if case .event(let event) = $0 { event } else { nil } }
    }

    public var messages: [ConversationMessage] {
        events.compactMap { if case .message(let message) = $0.payload { message } else { nil } }
    }

    public var connections: Int {
        all.filter { if case .connected = $0 { true } else { false } }.count
    }

    /// Waits until `condition` holds of what arrived; false when `seconds` pass first.
    @discardableResult
    public func wait(upTo seconds: Double = 30, until condition: (LiveRecorder) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(self) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return condition(self)
    }

    /// Stops reading and waits until the stream's last request is over, so none outlives the
    /// server the test is about to stop.
    public func stop() async {
        let running = task.withLockedValue { $0 }
        running?.cancel()
        await running?.value
    }
}
