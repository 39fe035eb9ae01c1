import Foundation
import MarketClient
import MarketCore
import Testing

/// Screens cancel what they asked for as a person types or leaves: a search replaced by the next
/// keystroke, a screen closed mid-load. Every cancelled call must end, whatever moment it is
/// cancelled at: on Linux, cancelling Foundation's `data(for:)` as its answer arrived could hang
/// the call for good (and with it the screen's task).
@Suite("SDK: cancelled calls")
struct CancellationTests {
    /// Counts what happened to the calls: how many ended (however they ended), how many connected.
    private actor Counter {
        var count = 0
        func one() { count += 1 }
    }

    /// Starts `calls` runs of `call`, each cancelled `delay(index)` nanoseconds after it began,
    /// and waits up to 60 s for all to end; answers how many did.
    private func cancelEach(_ calls: Int, after delay: @Sendable (Int) -> UInt64, _ call: @escaping @Sendable () async -> Void) async throws -> Int {
        let ended = Counter()
        for index in 0..<calls {
            let task = Task.detached {
                await call()
                await ended.one()
            }
            try await Task.sleep(nanoseconds: delay(index))
            task.cancel()
        }
        let deadline = Date().addingTimeInterval(60)
        while await ended.count < calls, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
        return await ended.count
    }

    /// A hang holds the threads Swift tasks run on, so the test's own wait cannot see it: a thread
    /// of its own ends the run with a sentence, rather than CI waiting out its limit.
    private final class Watchdog: @unchecked Sendable {
        private let condition = NSCondition()
        private var disarmed = false

        init(seconds: Double, message: String) {
            Thread.detachNewThread { [self] in
                condition.lock()
                let deadline = Date().addingTimeInterval(seconds)
                while !disarmed, condition.wait(until: deadline) {}
                let fired = !disarmed
                condition.unlock()
                if fired { print(message); exit(1) }
            }
        }

        func disarm() {
            condition.lock()
            disarmed = true
            condition.broadcast()
            condition.unlock()
        }
    }

    @Test("400 searches each cancelled a moment after it was sent all end, answered or cancelled")
    func cancelledSearchesEnd() async throws {
        let watchdog = Watchdog(seconds: 120, message: "CancellationTests: cancelled SDK calls hung for 120 s (a cancel deadlocked).")
        defer { watchdog.disarm() }
        try await withLiveMarket { market in
            let client = APIClient(baseURL: market.url)
            // Cancelled before it is sent, while it is on the wire, and as its answer arrives.
            let ended = try await cancelEach(400, after: { UInt64($0 % 7) * 150_000 }) {
                _ = try? await client.send(ListingEndpoint.search(ListingQuery(text: "lamp")), as: ListingPage.self)
            }
            #expect(ended == 400)
        }
    }

    @Test("200 live-event streams each stopped a moment after it was opened all end")
    func stoppedStreamsEnd() async throws {
        let watchdog = Watchdog(seconds: 120, message: "CancellationTests: stopped live-event streams hung for 120 s (a cancel deadlocked).")
        defer { watchdog.disarm() }
        try await withLiveMarket { market in
            let client = try await market.person("Ada").client
            // Stopped before the request is sent, while it waits for the answer, and as the
            // answer and the first event arrive.
            let ended = try await cancelEach(200, after: { UInt64($0 % 11) * 2_000_000 }) {
                do { for try await _ in client.liveEvents() {} } catch {}
            }
            #expect(ended == 200)
            // And one stopped only once its first event came, however slow the machine is that
            // day: the short delays above may all fall before a loaded server answers.
            let opened = Counter()
            let stream = Task.detached {
                do { for try await _ in client.liveEvents() { await opened.one() } } catch {}
            }
            let deadline = Date().addingTimeInterval(30)
            while await opened.count == 0, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
            #expect(await opened.count > 0, "the stream connected within 30 s")
            stream.cancel()
            await stream.value  // the watchdog ends the run if this never returns
        }
    }
}
