import Foundation
import Vapor

/// Runs one `Job` from the application's boot to its shutdown, when `BackgroundJobs` decided this
/// process runs jobs; otherwise it only lets go of what the job holds at shutdown.
final class JobRunner: LifecycleHandler, Sendable {
    let job: Job
    let runs: Bool
    private let loop: WakeableLoop

    init(_ job: Job, runs: Bool) {
        self.job = job
        self.runs = runs
        loop = WakeableLoop(interval: job.interval)
    }

    /// Asks for a round now (after a commit that queued work for it). The first round otherwise
    /// comes one interval after boot: a command such as `migrate` boots too, maybe before the
    /// tables a round reads exist, and work left from before a restart waits one tick at most.
    func wake() { loop.wake() }

    /// Sync, so both `boot()` (tests) and `asyncBoot()` (serve) start it.
    func didBoot(_ app: Application) throws {
        guard runs else { return }
        loop.start(on: job.thread?.executor) { [weak app, job] in
            guard let app else { return false }
            do {
                if let line = try await job.round(app) { app.logger.info("\(job.name): \(line)") }
            } catch {
                guard !Task.isCancelled else { return false }  // the server is stopping: nothing failed
                app.logger.warning("\(job.name) failed: \(String(describing: error))")
            }
            return true
        }
    }

    func shutdown(_ app: Application) { loop.stop() }

    /// Also waits for a round under way (why: `BackgroundLoop.stop(waitingUpTo:)`).
    func shutdownAsync(_ app: Application) async {
        await loop.stopWaiting()
        await job.release(app)
        await job.thread?.shutdown()
    }
}
