import NIOCore

/// A task executor that runs jobs on one event loop. A task that prefers it runs there from its
/// first await to its last, and a future of that loop which is already complete hands its value
/// over without leaving the thread.
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: UnownedJob) {
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
