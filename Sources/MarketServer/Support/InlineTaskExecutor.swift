/// A task executor that runs each job on the thread that hands it over, at once. Preferred by
/// SQLite's write batches (`GroupCommit`): every statement is a job on SQLite's thread pool, and
/// the thread that ran it resumes the batch when it is done. On Swift's own pool that resume was
/// a wake-up of another thread, one per statement; here the batch goes on where the statement
/// ran, until its next statement hands it to the pool again.
///
/// Only for code that never blocks its thread: it may go on on SQLite's threads, or on an event
/// loop after a Fluent future.
final class InlineTaskExecutor: TaskExecutor {
    static let shared = InlineTaskExecutor()

    func enqueue(_ job: UnownedJob) {
        job.runSynchronously(on: asUnownedTaskExecutor())
    }
}
