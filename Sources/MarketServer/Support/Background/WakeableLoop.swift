import Foundation
import Vapor

/// A background round that runs when woken (right after a request queued work for it) and every
/// `interval` (for retries, and for work another instance queued): the mail outbox's and the
/// push queue's delivery. Runs inside the server, so an operator needs no worker process.
final class WakeableLoop: Sendable {
    let interval: TimeInterval
    private let wakeUps: AsyncStream<Void>
    private let waker: AsyncStream<Void>.Continuation
    private let loop = BackgroundLoop()

    init(interval: TimeInterval) {
        self.interval = interval
        (wakeUps, waker) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Asks for a round now.
    func wake() { waker.yield() }

    func start(on executor: (any TaskExecutor)? = nil, _ round: @escaping @Sendable () async -> Bool) {
        let wakeUps = wakeUps
        loop.start(on: executor) { [interval, waker] in
            // Each round ends by sleeping until the interval passes or `wake` is called.
            let ticker = Task { [waker] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(interval))
                    waker.yield()
                }
            }
            defer { ticker.cancel() }
            for await _ in wakeUps {
                guard !Task.isCancelled, await round() else { return }
            }
        }
    }

    func stop() {
        waker.finish()
        loop.stop()
    }

    /// Also waits for a round under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func stopWaiting() async {
        waker.finish()
        await loop.stop(waitingUpTo: BackgroundLoop.shutdownWait)
    }
}
