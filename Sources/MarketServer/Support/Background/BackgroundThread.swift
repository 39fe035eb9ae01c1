#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOPosix

/// A thread for background work that should give way to requests, as a task executor: a task
/// that prefers it runs there at the lowest ordinary priority (nice 19 on Linux; the background
/// class on Apple's systems), so a request's thread that wakes mostly takes the core from it.
/// Saved-search matching runs here: telling hundreds of people of one listing is long work at a
/// benchmark's rate, and should not add to the wait of the student creating the next listing
/// (docs/benchmarks.md).
///
/// Not Linux's `SCHED_IDLE`, which it used to be: a thread of that class runs only when a core
/// would otherwise idle, so on a saturated machine it can wait seconds for a turn, and if it is
/// preempted holding a lock a request's thread needs (an event loop's task queue, the
/// allocator's), every thread behind that lock waits as long: a priority inversion with no bound
/// but the load. At nice 19 a thread still gets a short turn every fraction of a second.
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
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 19)
        #elseif canImport(Darwin)
        _ = pthread_set_qos_class_self_np(QOS_CLASS_BACKGROUND, 0)
        #endif
    }

    func shutdown() async {
        try? await group.shutdownGracefully()
    }
}
