import Foundation
import NIOConcurrencyHelpers

/// A task a server component runs in the background until the application stops: the event
/// hubs' loops, the mail outbox's delivery rounds, the feature sweep.
final class BackgroundLoop: Sendable {
    /// How long the application's shutdown waits for a round under way, per loop (and for
    /// requests, `InFlightRequests`). A round ends long before this unless the machine stalls:
    /// with the whole suite on two cores a mail round once took over 10 s, and a round cut off
    /// by the wait crashes the debug build (see `stop(waitingUpTo:)`).
    static let shutdownWait: Double = 60

    private let task = NIOLockedValueBox<Task<Void, Never>?>(nil)
    private let finished = NIOLockedValueBox(false)

    /// Runs `body` as a task, on `executor` when given (`BackgroundThread`).
    func start(on executor: (any TaskExecutor)? = nil, _ body: @escaping @Sendable () async -> Void) {
        task.withLockedValue { $0 = Task(executorPreference: executor) { [finished] in
            await body()
            finished.withLockedValue { $0 = true }
        } }
    }

    /// Cancels the loop; a round under way runs on to its end.
    func stop() {
        task.withLockedValue { $0?.cancel() }
    }

    /// Cancels the loop and waits, up to `seconds`, for a round under way to end. The
    /// application's shutdown calls it before the databases stop: a round still reaching the
    /// database then could open a connection while the thread pool stops, and SQLite's driver
    /// drops such a connection unclosed (the test suite crashed so, now and then, in debug builds).
    func stop(waitingUpTo seconds: Double) async {
        stop()
        guard task.withLockedValue({ $0 }) != nil else { return }
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !finished.withLockedValue({ $0 }), ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
