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
    /// Counts the calls that ended, however they ended.
    private actor Ended {
        var count = 0
        func one() { count += 1 }
    }

    /// Counts the streams that were answered before they were stopped.
    private actor Connected {
        var count = 0
        func one() { count += 1 }
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
            let ended = Ended()
            let calls = 400
            for index in 0..<calls {
                let call = Task.detached {
                    _ = try? await client.send(ListingEndpoint.search(ListingQuery(text: "lamp")), as: ListingPage.self)
                    await ended.one()
                }
                // Cancelled before it is sent, while it is on the wire, and as its answer arrives.
                try await Task.sleep(nanoseconds: UInt64(index % 7) * 150_000)
                call.cancel()
            }
            let deadline = Date().addingTimeInterval(60)
            while await ended.count < calls, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
            #expect(await ended.count == calls)
        }
    }

    @Test("200 live-event streams each stopped a moment after it was opened all end")
    func stoppedStreamsEnd() async throws {
        let watchdog = Watchdog(seconds: 120, message: "CancellationTests: stopped live-event streams hung for 120 s (a cancel deadlocked).")
        defer { watchdog.disarm() }
        try await withLiveMarket { market in
            let client = try await market.person("Ada").client
            let (ended, connected) = (Ended(), Connected())
            let streams = 200
            for index in 0..<streams {
                let stream = Task.detached {
                    do {
                        var first = true
                        for try await _ in client.liveEvents() where first { first = false; await connected.one() }
                    } catch {}
                    await ended.one()
                }
                // Stopped before the request is sent, while it waits for the answer, and as the
                // answer and the first event arrive.
                try await Task.sleep(nanoseconds: UInt64(index % 11) * 2_000_000)
                stream.cancel()
            }
            let deadline = Date().addingTimeInterval(60)
            while await ended.count < streams, Date() < deadline { try await Task.sleep(nanoseconds: 20_000_000) }
            #expect(await ended.count == streams)
            // Some were stopped after their answer came, the moment a cancel can meet it.
            #expect(await connected.count > 0)
        }
    }
}
