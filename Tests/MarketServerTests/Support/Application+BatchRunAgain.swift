import Foundation
@testable import MarketServer
import Testing
import Vapor

extension Application {
    private struct Refused: Error {}

    /// SQLite only. Holds the write queue, starts `requests` (each queues its write behind it)
    /// and then a write that fails, and lets them go: they share one batch, which the failure
    /// makes run again (`GroupCommit`), so every body in it runs twice. Returns what each request
    /// answered. Make the app with `rehearseWrites` off, so the run again is this one's.
    func inBatchThatRunsAgain<T: Sendable>(_ requests: [@Sendable () async throws -> T]) async throws -> [T] {
        let commits = try #require(sqliteGroupCommit)
        let (gate, opener) = AsyncStream.makeStream(of: Void.self)
        let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
        let holder = Task { try await commits.run { _, _ in startedSignal.yield(); for await _ in gate { break } } }
        for await _ in started { break }
        var tasks: [Task<T, any Error>] = []
        for request in requests {
            tasks.append(Task { try await request() })
            try await Task.sleep(for: .milliseconds(200))  // queued in this order, ahead of the failure
        }
        let failing = Task { try await commits.run { _, _ in throw Refused() } }
        try await Task.sleep(for: .milliseconds(100))
        opener.yield()
        try await holder.value
        await #expect(throws: Refused.self) { try await failing.value }
        var answers: [T] = []
        for task in tasks { answers.append(try await task.value) }
        return answers
    }
}
