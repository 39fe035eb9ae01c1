import Foundation
import Vapor

/// One thing the server does by itself while it serves (each listed in `BackgroundJobs`): a
/// round every `interval`, and at once when a write asks for one (`JobRunner.wake`: the mail
/// outbox right after a commit queued mail). Rounds of one job never overlap; a failed round is
/// logged and the next runs as usual. It runs inside the server, so an operator needs no cron
/// and no worker process.
struct Job: Sendable {
    let name: String
    let interval: TimeInterval
    /// Where the rounds run: the shared pool, or a thread that gives way to requests.
    let thread: BackgroundThread?
    /// One round; answers a line to log when it did something.
    let round: @Sendable (Application) async throws -> String?
    /// Lets go of what the job holds (a connection, a client) once its last round has ended.
    let release: @Sendable (Application) async -> Void

    init(_ name: String, every interval: TimeInterval, on thread: BackgroundThread? = nil,
         release: @escaping @Sendable (Application) async -> Void = { _ in },
         round: @escaping @Sendable (Application) async throws -> String?) {
        self.name = name
        self.interval = interval
        self.thread = thread
        self.release = release
        self.round = round
    }
}
