#if canImport(Glibc)
import Glibc
#endif
@testable import MarketServer
import Testing

/// Background work runs where the scheduler serves it only when requests leave a core idle.
@Suite("Background thread")
struct BackgroundThreadTests {
    #if canImport(Glibc)
    /// The calling thread's scheduling policy and nice value.
    private static func priority() -> (policy: Int32, nice: Int32) {
        (sched_getscheduler(0), getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
    }

    /// SCHED_IDLE, or nice 19 where a sandbox refuses that policy (the thread's fallback).
    private static func isIdle(_ priority: (policy: Int32, nice: Int32)) -> Bool {
        priority.policy == 5 || priority.nice == 19
    }

    @Test("a task that prefers the background thread runs at idle priority from its first line to its last; other threads keep theirs")
    func tasksRunAtIdlePriority() async throws {
        let thread = BackgroundThread()
        let seen = await Task(executorPreference: thread.executor) { () -> [Bool] in
            let first = Self.isIdle(Self.priority())
            try? await Task.sleep(for: .milliseconds(5))
            return [first, Self.isIdle(Self.priority())]
        }.value
        #expect(seen == [true, true])
        #expect(!Self.isIdle(Self.priority()))  // the test's own thread, as it began
        await thread.shutdown()
    }
    #endif
}
