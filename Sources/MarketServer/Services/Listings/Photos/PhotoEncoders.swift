import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The threads that encode a photo's widest copy beside the thread making the others
/// (`PhotoVariants.make`). A pool of their own: on the pool the upload itself runs on, that half
/// would queue behind other uploads' decodes, each holding a decoded photo meanwhile. Nothing
/// here waits on anything, so the thread that waits for it always gets its answer.
enum PhotoEncoders {
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: System.coreCount)
        pool.start()
        return pool
    }()

    /// `work` begun on one of the threads; its result is `wait()`'s.
    static func start<Value: Sendable>(_ work: @escaping @Sendable () -> Value) -> Pending<Value> {
        let pending = Pending<Value>()
        pool.submit { _ in pending.finish(work()) }
        return pending
    }

    /// A result to be waited for on a thread that may block (a thread pool's, never an event loop's).
    final class Pending<Value: Sendable>: Sendable {
        private let lock = ConditionLock(value: false)
        private let slot = NIOLockedValueBox<Value?>(nil)

        fileprivate func finish(_ value: Value) {
            lock.lock()
            slot.withLockedValue { $0 = value }
            lock.unlock(withValue: true)
        }

        func wait() -> Value {
            lock.lock(whenValue: true)
            defer { lock.unlock() }
            return slot.withLockedValue { $0! }
        }
    }
}
