#if canImport(Glibc)
import Glibc
#endif
@testable import MarketServer
import Testing

/// Background work gives way to requests, but never waits for an idle core: at nice 19, not
/// `SCHED_IDLE`, whose thread a busy machine can keep off the cores for seconds while it holds a
/// lock requests need.
@Suite("Background thread")
struct BackgroundThreadTests {
    #if canImport(Glibc)
    /// The calling thread's scheduling policy and nice value.
    private static func priority() -> (policy: Int32, nice: Int32) {
        (sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
    }

    @Test("a task that prefers the background thread runs at nice 19 in the ordinary policy from its first line to its last; other threads keep theirs")
    func tasksRunAtLowestOrdinaryPriority() async throws {
        let thread = BackgroundThread()
        let seen = await Task(executorPreference: thread.executor) { () -> [(policy: Int32, nice: Int32)] in
            let first = Self.priority()
            try? await Task.sleep(for: .milliseconds(5))
            return [first, Self.priority()]
        }.value
        #expect(seen.map(\.policy) == [SCHED_OTHER, SCHED_OTHER], "never SCHED_IDLE (5)")
        #expect(seen.map(\.nice) == [19, 19])
        #expect(Self.priority().nice != 19)  // the test's own thread, as it began
        await thread.shutdown()
    }
    #endif
}
