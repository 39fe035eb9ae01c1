import Foundation
@testable import MarketServer
import NIOConcurrencyHelpers
import Testing

/// The background loops (event hubs, mail delivery, feature sweep) stop with the application:
/// its shutdown waits for a round under way, so no round reaches the database after it stops.
@Suite("Background loops")
struct BackgroundLoopTests {
    /// A round that takes `seconds` and does not stop when cancelled, as a database call or a
    /// mail relay's answer does not; true once it has ended.
    private static func round(of seconds: Double, ended: NIOLockedValueBox<Bool>) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { done.resume() }
        }
        ended.withLockedValue { $0 = true }
    }

    @Test("stopping waits for the round under way to end")
    func stopWaitsForTheRound() async {
        let loop = BackgroundLoop(), ended = NIOLockedValueBox(false)
        loop.start { await Self.round(of: 0.3, ended: ended) }
        try? await Task.sleep(for: .milliseconds(50))

        await loop.stop(waitingUpTo: 5)

        #expect(ended.withLockedValue { $0 })
    }

    @Test("a round that does not end holds stopping up only as long as the limit")
    func stopIsBounded() async {
        // The round is far longer than the bound, so a loaded machine (the whole suite on 2
        // cores delayed the waiting task's wake-ups past 2 s once) cannot blur the two.
        let loop = BackgroundLoop(), ended = NIOLockedValueBox(false)
        loop.start { await Self.round(of: 60, ended: ended) }
        let started = ContinuousClock.now

        await loop.stop(waitingUpTo: 0.2)

        #expect(ContinuousClock.now - started < .seconds(20))
        #expect(!ended.withLockedValue { $0 })
    }

    @Test("a loop never started stops at once")
    func neverStarted() async {
        let started = ContinuousClock.now
        await BackgroundLoop().stop(waitingUpTo: 5)
        #expect(ContinuousClock.now - started < .seconds(1))
    }
}
