import Fluent
import NIOConcurrencyHelpers
import SQLKit

/// SQLite's write queue, with group commit. SQLite has one writer at a time, and each commit
/// waits for an fsync (about 0.5 ms here, with `synchronous=FULL`) that nothing can overlap. So
/// write transactions queue here, suspended rather than spinning on a thread-pool thread in
/// SQLite's busy handler, and the ones that queued while a commit was under way run together
/// in one database transaction, all sharing its commit (and, when one of them fails, each in a
/// savepoint of its own: see `drain`). A body that fails is undone and its caller gets its own
/// error; the others commit. Every caller returns only after the commit that holds its writes,
/// and if that commit fails they all get its error, so no one is told of a write that did not
/// happen.
///
/// Batches run on `SQLiteWriter`'s connection and thread: each statement a direct call, kept
/// prepared.
final class GroupCommit: Sendable {
    /// A batch holds the write lock for its whole length; a bound keeps other writers' waits short.
    static let maxBatch = 32

    private struct Job: Sendable {
        /// Runs the body inside the batch's transaction, in a savepoint of its own if `isolated`;
        /// returns what tells the caller once the batch has committed (nil) or failed (its error).
        let run: @Sendable (_ db: any Database, _ batch: PendingWrites, _ isolated: Bool) async throws -> @Sendable ((any Error)?) -> Void
        /// Tells the caller the batch failed before its body ran.
        let fail: @Sendable (any Error) -> Void
    }

    /// `riders`: background jobs waiting to ride in the next batch (`run(ridingFor:)`), by number.
    private struct State {
        var queue: [Job] = []
        var riders: [(number: Int, job: Job)] = []
        var ridersSoFar = 0
        var draining = false
    }

    private let state = NIOLockedValueBox(State())
    private let writer: SQLiteWriter
    /// `AppSettings.rehearseWrites` (tests): every batch first runs and is rolled back.
    private let rehearse: Bool

    init(writer: SQLiteWriter, rehearse: Bool = false) {
        self.writer = writer
        self.rehearse = rehearse
    }

    /// Write transactions queued for the next batch (`/metrics`).
    var waiting: Int { state.withLockedValue { $0.queue.count } }

    /// Runs `body` in the next batch's transaction, which took the write lock before its first
    /// job (`BEGIN IMMEDIATE`): what a job reads stays current until the commit, so it needs no
    /// lock statement of its own (`ListingLock.Mode.heldByBatch`). `body` is handed the batch's
    /// end writes (`PendingWrites`), to which it may add its own.
    ///
    /// Background work passes `ridingFor`: its job waits for the next batch that requests start
    /// and runs last in it, sharing its commit, so it never holds the writer for a commit of its
    /// own while requests wait (a commit is an fsync: what a request behind it waits longest
    /// for); only if no batch starts within that time does it run alone. One rides per batch.
    func run<T: Sendable>(ridingFor patience: Duration? = nil,
                          _ body: @escaping @Sendable (any Database, PendingWrites) async throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
            let job = Job(run: { db, batch, isolated in
                func tell(_ value: T) -> @Sendable ((any Error)?) -> Void {
                    { error in if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: value) } }
                }
                // Not isolated, a body's error rolls back the whole transaction.
                if !isolated { return tell(try await body(db, batch)) }
                do {
                    return tell(try await Self.inSavepoint(db) { try await body($0, batch) })
                } catch let error as SavepointLost {
                    throw error.underlying  // the batch cannot commit: roll it all back
                } catch {
                    return { _ in continuation.resume(throwing: error) }
                }
            }, fail: { continuation.resume(throwing: $0) })
            if let patience {
                let number = state.withLockedValue { state in
                    state.ridersSoFar += 1
                    state.riders.append((state.ridersSoFar, job))
                    return state.ridersSoFar
                }
                Task {
                    try? await Task.sleep(for: patience)
                    self.promote(rider: number)
                }
            } else {
                enqueue(job)
            }
        }
    }

    /// Queues `job` for the next batch.
    private func enqueue(_ job: Job) {
        changeQueue { $0.queue.append(job) }
    }

    /// A rider no batch came for within its patience goes in the queue like any job (unless a
    /// batch took it meanwhile).
    private func promote(rider number: Int) {
        changeQueue { state in
            if let index = state.riders.firstIndex(where: { $0.number == number }) {
                state.queue.append(state.riders.remove(at: index).job)
            }
        }
    }

    /// Changes the queue under the lock, then starts draining it if jobs wait and no drain is
    /// under way.
    private func changeQueue(_ change: (inout State) -> Void) {
        let start = state.withLockedValue { state in
            change(&state)
            guard !state.queue.isEmpty, !state.draining else { return false }
            state.draining = true
            return true
        }
        if start { Task(executorPreference: writer.executor) { await self.drain() } }
    }

    /// Each batch runs first without savepoints, which for each order saves two statements of
    /// about eight. When one of its orders fails, that run is rolled back and the batch runs again
    /// with a savepoint per order, so a failing order undoes only its own writes. Running a body
    /// twice is safe: its only effects are its writes, and PostgreSQL's path re-runs bodies too,
    /// after a deadlock (`WriteTransactions`). Alone in its batch, an order needs no savepoint: its
    /// error rolls back the transaction, which held nothing else.
    private func drain() async {
        while let batch = nextBatch() {
            if rehearse { await rehearsal(of: batch) }
            if await commit(batch, isolated: false) { continue }
            _ = await commit(batch, isolated: true)
        }
    }

    /// Tests only: runs every body of `batch`, each in a savepoint, then rolls it all back and tells
    /// no one, so that each body then runs a second time, as it does when another in its batch
    /// fails. A body that is not safe to run twice (a model made before its transaction and
    /// created in it, changes applied before it and saved in it) then fails its test every time,
    /// rather than only when a failure happens to share its batch.
    private func rehearsal(of batch: [Job]) async {
        guard let tx = try? writer.database() else { return }
        do {
            try tx.begin()
            for job in batch { _ = try? await job.run(tx, PendingWrites(), true) }
        } catch {}
        writer.rollback(tx)
    }

    /// Runs `batch` in one transaction and tells each job how it ended. Not isolated, a batch of
    /// several in which anything failed is rolled back and no one is told: it returns false.
    private func commit(_ batch: [Job], isolated: Bool) async -> Bool {
        var done: [@Sendable ((any Error)?) -> Void] = []
        do {
            let tx = try writer.database()
            // Fluent would begin deferred, the write lock coming with the first write, after
            // reads that may by then be stale; IMMEDIATE takes it at once (waiting for any other
            // writer, in this process or another).
            try tx.begin()
            do {
                // What the jobs leave to the end (`PendingWrites`: history steps, notifications,
                // live events) is written once per table for the whole batch, before its commit.
                let leftovers = PendingWrites()
                for job in batch { done.append(try await job.run(tx, leftovers, isolated)) }
                try await leftovers.flush(on: tx)
                try tx.commit()
            } catch {
                writer.rollback(tx)
                throw error
            }
            for tell in done { tell(nil) }
        } catch {
            if !isolated, batch.count > 1 { return false }
            for tell in done { tell(error) }
            for job in batch.dropFirst(done.count) { job.fail(error) }
        }
        return true
    }

    /// Up to `maxBatch` waiting jobs and a rider after them, or nil (and no longer draining)
    /// when none wait.
    private func nextBatch() -> [Job]? {
        state.withLockedValue { state in
            guard !state.queue.isEmpty else {
                state.draining = false
                return nil
            }
            var batch = Array(state.queue.prefix(Self.maxBatch))
            state.queue.removeFirst(batch.count)
            if !state.riders.isEmpty { batch.append(state.riders.removeFirst().job) }
            return batch
        }
    }

    /// `body` in a savepoint: on its error, its writes are undone and the batch goes on.
    private static func inSavepoint<T>(_ db: any Database, _ body: @Sendable (any Database) async throws -> T) async throws -> T {
        try await db.sql.raw("SAVEPOINT job").run()
        let value: T
        do {
            value = try await body(db)
        } catch {
            do {
                try await db.sql.raw("ROLLBACK TO job").run()
                try await db.sql.raw("RELEASE job").run()
            } catch let rollbackError {
                throw SavepointLost(underlying: rollbackError)
            }
            throw error
        }
        do {
            try await db.sql.raw("RELEASE job").run()
        } catch {
            throw SavepointLost(underlying: error)
        }
        return value
    }

    /// A savepoint that could not be rolled back or released: its writes and the batch's are no
    /// longer apart, so the whole batch rolls back.
    private struct SavepointLost: Error { let underlying: any Error }
}
