#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix

/// A thread for background work that should have a core only when requests leave one idle, as a
/// task executor: a task that prefers it runs there, at the operating system's idle priority
/// (Linux's `SCHED_IDLE`, else nice 19; the background class on Apple's systems), so a request's
/// thread that wakes takes the core from it at once. Saved-search matching runs here: telling
/// hundreds of people of one listing is long work at a benchmark's rate, and must not add to the
/// wait of the student creating the next listing (docs/benchmarks.md). With nice 19 alone the
/// matcher's reads still moved that wait's p99 by about a half at one connection.
final class BackgroundThread: Sendable {
    let executor: EventLoopTaskExecutor
    private let group: MultiThreadedEventLoopGroup

    init() {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        executor = EventLoopTaskExecutor(group.next())
        executor.loop.execute { Self.lowerPriority() }
    }

    /// Lowers the calling thread's priority only (Linux keeps the policy and nice value per
    /// thread, and `0` names the calling one). Lowering needs no privilege.
    private static func lowerPriority() {
        #if canImport(Glibc)
        var param = sched_param(sched_priority: 0)
        let schedIdle: Int32 = 5  // SCHED_IDLE, which Glibc's module leaves out (a GNU extension)
        if sched_setscheduler(0, schedIdle, &param) != 0 {
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        }
        #elseif canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0)
        #endif
    }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }
}
