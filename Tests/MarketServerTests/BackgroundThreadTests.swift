#if canImport(Glibc)
import Glibc
#endif
@testable import MarketServer
import Testing

/// Background work runs where the scheduler serves it only when requests leave a core idle.
@Suite("Background thread")
struct BackgroundThreadTests {
    #if canImport(Glibc)
    /// The calling thread's scheduling policy.
    private static func policy() -> Int32 { sched_getscheduler(0) }

    @Test("a task that prefers the background thread runs at idle priority from its first line to its last; other threads keep theirs")
    func tasksRunAtIdlePriority() async throws {
        let thread = BackgroundThread()
        let seen = await Task(executorPreference: thread.executor) { () -> [Int32] in
            let first = Self.policy()
            try? await Task.sleep(for: .milliseconds(5))
            return [first, Self.policy()]
        }.value
        #expect(seen == [5, 5])  // SCHED_IDLE
        #expect(Self.policy() == 0)  // SCHED_OTHER, as the test began
        await thread.shutdown()
    }
    #endif
}
