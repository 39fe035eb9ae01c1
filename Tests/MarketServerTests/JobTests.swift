import Foundation
@testable import MarketServer
import MarketTestSupport
import NIOConcurrencyHelpers
import SQLKit
import Testing
import Vapor

/// The background jobs' runner: a round when a write wakes it, rounds going on after one fails,
/// none under a one-shot command, and what a job holds let go at shutdown.
@Suite("Background jobs")
struct JobTests {
    /// A job counting its rounds (failing the first when `failFirst`) and whether it was released.
    private static func countingJob(failFirst: Bool = false) -> (Job, rounds: NIOLockedValueBox<Int>, released: NIOLockedValueBox<Bool>) {
        let rounds = NIOLockedValueBox(0), released = NIOLockedValueBox(false)
        struct Failed: Error {}
        // A period far longer than the test: every round seen was asked for by `wake`.
        let job = Job("counting", every: 3_600, release: { _ in released.withLockedValue { $0 = true } }) { _ in
            let round = rounds.withLockedValue { $0 += 1; return $0 }
            if failFirst, round == 1 { throw Failed() }
            return nil
        }
        return (job, rounds, released)
    }

    private static func waitFor(_ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition(), ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
    }

    @Test("a woken job runs a round at once; a round that fails does not stop the next; shutdown lets go")
    func wokenRounds() async throws {
        try await withTestApp { app in
            let (job, rounds, released) = Self.countingJob(failFirst: true)
            let runner = JobRunner(job, runs: true)
            try runner.didBoot(app)
            runner.wake()
            try await Self.waitFor { rounds.withLockedValue { $0 } == 1 }
            runner.wake()
            try await Self.waitFor { rounds.withLockedValue { $0 } == 2 }
            #expect(rounds.withLockedValue { $0 } == 2)
            await runner.shutdownAsync(app)
            #expect(released.withLockedValue { $0 })
        }
    }

    @Test("a runner in a one-shot command runs no round, however woken, and still lets go at shutdown")
    func noRoundsUnderACommand() async throws {
        try await withTestApp { app in
            let (job, rounds, released) = Self.countingJob()
            let runner = JobRunner(job, runs: false)
            try runner.didBoot(app)
            runner.wake()
            try await Task.sleep(for: .milliseconds(200))
            #expect(rounds.withLockedValue { $0 } == 0)
            await runner.shutdownAsync(app)
            #expect(released.withLockedValue { $0 })
        }
    }

    @Test("event retention deletes the live events older than the retention and keeps the younger")
    func eventRetention() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let user = UUID()
            for hoursAgo in [30.0, 25, 23, 1] {
                let at = clock.now.addingTimeInterval(-hoursAgo * 3_600)
                try await app.db.sql.raw("""
                    INSERT INTO live_events (user_id, kind, payload, created_at) VALUES (\(bind: user), 'message', '{}', \(bind: at))
                    """).run()
            }
            let round = try await Job.eventRetention(keeping: 24 * 3_600).round(app)
            #expect(round == nil)
            let left = try await app.db.sql.raw("SELECT count(*) AS n FROM live_events").first(decodingColumn: "n", as: Int.self)
            #expect(left == 2)
        }
    }
}
