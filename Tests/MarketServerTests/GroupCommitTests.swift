import Fluent
import Foundation
import NIOConcurrencyHelpers
import NIOPosix
@testable import MarketServer
import SQLKit
import SQLiteNIO
import Testing

/// SQLite's write queue: transactions that queue together share one commit, each in a savepoint.
/// What a caller is told must match what was written, whatever the others in its batch do.
@Suite("Group commit (SQLite)", .enabled(if: !TestDatabase.isPostgres))
struct GroupCommitTests {
    struct Refused: Error {}

    /// A test app's database with an empty `items` table, and its write queue.
    private func withItems(_ body: @escaping @Sendable (any Database, GroupCommit) async throws -> Void) async throws {
        try await withTestApp(adjust: { $0.rehearseWrites = false }) { app in  // counts runs of bodies
            try await app.db.sql.raw("CREATE TABLE items (name TEXT NOT NULL)").run()
            try await body(app.db, try #require(app.sqliteGroupCommit))
        }
    }

    /// Queues a transaction that inserts `name` and returns `value`, or throws `Refused` after
    /// inserting when `fails` is set.
    private func insert(_ name: String, returning value: Int, fails: Bool = false,
                        _ commits: GroupCommit, on db: any Database) async throws -> Int {
        try await commits.run { tx, _ in
            try await tx.sql.raw("INSERT INTO items (name) VALUES (\(bind: name))").run()
            if fails { throw Refused() }
            return value
        }
    }

    /// Starts a job that holds the queue until `release` is called (a batch of its own), so the
    /// next jobs queue behind it and run together as the next batch.
    private func holdQueue(_ commits: GroupCommit, on db: any Database,
                           name: String = "first") async throws -> (release: @Sendable () -> Void, done: Task<Int, any Error>) {
        let (started, startedSignal) = AsyncStream.makeStream(of: Void.self)
        let (gate, opener) = AsyncStream.makeStream(of: Void.self)
        let done = Task {
            try await commits.run { tx, _ in
                try await tx.sql.raw("INSERT INTO items (name) VALUES (\(bind: name))").run()
                startedSignal.yield()
                for await _ in gate { break }
                return 1
            }
        }
        for await _ in started { break }
        return ({ opener.yield() }, done)
    }

    private func names(_ db: any Database) async throws -> [String] {
        try await db.sql.raw("SELECT name FROM items ORDER BY name").all().map { try $0.decode(column: "name", as: String.self) }
    }

    @Test("in one batch, a body that fails is undone and its caller gets its error; the others commit and get their results")
    func failingBodyInBatch() async throws {
        try await withItems { db, commits in
            let (release, first) = try await holdQueue(commits, on: db)
            let ok1 = Task { try await insert("ok1", returning: 2, commits, on: db) }
            let bad = Task { try await insert("bad", returning: 0, fails: true, commits, on: db) }
            let ok2 = Task { try await insert("ok2", returning: 3, commits, on: db) }
            try await Task.sleep(for: .milliseconds(100))  // all three are queued behind the first
            release()
            #expect(try await first.value == 1)
            #expect(try await ok1.value == 2)
            #expect(try await ok2.value == 3)
            await #expect(throws: Refused.self) { try await bad.value }
            #expect(try await names(db) == ["first", "ok1", "ok2"])
        }
    }

    @Test("a batch runs each body once when all succeed; when one fails, the batch runs again and the others' writes land once")
    func batchRunsAgainAfterAFailure() async throws {
        try await withItems { db, commits in
            let runs = NIOLockedValueBox<[String: Int]>([:])
            func counted(_ name: String, fails: Bool = false) -> Task<Int, any Error> {
                Task {
                    try await commits.run { tx, _ in
                        runs.withLockedValue { $0[name, default: 0] += 1 }
                        try await tx.sql.raw("INSERT INTO items (name) VALUES (\(bind: name))").run()
                        if fails { throw Refused() }
                        return 1
                    }
                }
            }
            var (release, first) = try await holdQueue(commits, on: db)
            let calm = [counted("a"), counted("b")]
            try await Task.sleep(for: .milliseconds(100))
            release()
            _ = try await first.value
            for task in calm { #expect(try await task.value == 1) }
            #expect(runs.withLockedValue { $0 } == ["a": 1, "b": 1])

            (release, first) = try await holdQueue(commits, on: db, name: "second")
            let mixed = [counted("c"), counted("bad", fails: true), counted("d")]
            try await Task.sleep(for: .milliseconds(100))
            release()
            _ = try await first.value
            #expect(try await mixed[0].value == 1)
            #expect(try await mixed[2].value == 1)
            await #expect(throws: Refused.self) { try await mixed[1].value }
            // The first run stopped at the failure (so the bodies queued after it ran once, the
            // ones before it twice); the second ran all three. Each write still landed once.
            let counted = runs.withLockedValue { $0 }
            #expect(counted["a"] == 1 && counted["b"] == 1)
            #expect(counted["bad"] == 2)
            #expect((1...2).contains(counted["c"] ?? 0) && (1...2).contains(counted["d"] ?? 0))
            #expect(try await names(db) == ["a", "b", "c", "d", "first", "second"])
        }
    }

    @Test("when the shared commit fails, every caller in the batch gets the error and nothing of the batch is written")
    func failedCommitTellsEveryone() async throws {
        try await withItems { db, commits in
            try await db.sql.raw("CREATE TABLE parents (id INTEGER PRIMARY KEY)").run()
            // Checked at COMMIT, not per statement: the one way to make a commit fail on demand.
            try await db.sql.raw("""
                CREATE TABLE children (parent_id INTEGER REFERENCES parents(id) DEFERRABLE INITIALLY DEFERRED)
                """).run()
            let (release, first) = try await holdQueue(commits, on: db)
            let fine = Task { try await insert("fine", returning: 2, commits, on: db) }
            let orphan = Task { try await commits.run { tx, _ in try await tx.sql.raw("INSERT INTO children VALUES (42)").run(); return 3 } }
            try await Task.sleep(for: .milliseconds(100))
            release()
            #expect(try await first.value == 1)  // a batch of its own, committed before the others queued
            for task in [fine, orphan] { await #expect(throws: (any Error).self) { try await task.value } }
            #expect(try await names(db) == ["first"])
            // The queue goes on working after a failed batch.
            #expect(try await insert("later", returning: 4, commits, on: db) == 4)
            #expect(try await names(db) == ["first", "later"])
        }
    }

    @Test("alone in its batch, a body that fails leaves nothing written")
    func failingBodyAlone() async throws {
        try await withItems { db, commits in
            await #expect(throws: Refused.self) { try await insert("half", returning: 0, fails: true, commits, on: db) }
            let left = try await names(db)
            #expect(left.isEmpty)
        }
    }

    @Test("a batch takes the write lock before its first body runs, so what a body reads stays current to the commit")
    func batchHoldsTheWriteLock() async throws {
        try await withTestApp { app in
            let pool = NIOThreadPool(numberOfThreads: 1)
            pool.start()
            let other = try await SQLiteConnection.open(storage: .file(path: app.settings.dataDirectory + "/campusmarket.sqlite"),
                                                        threadPool: pool, on: MultiThreadedEventLoopGroup.singleton.any())
            // Another writer, in this process or another: told "busy" at once instead of waiting.
            _ = try await other.query("PRAGMA busy_timeout = 0", [])
            @Sendable func otherCanWrite() async -> Bool {
                do {
                    _ = try await other.query("BEGIN IMMEDIATE", [])
                    _ = try await other.query("ROLLBACK", [])
                    return true
                } catch {
                    return false
                }
            }
            #expect(await otherCanWrite())
            // The body has written nothing yet, and reads only: the lock is the batch's own.
            let otherCouldWrite = try await #require(app.sqliteGroupCommit).run { tx, _ in
                _ = try await tx.sql.raw("SELECT count(*) AS n FROM listings").all()
                return await otherCanWrite()
            }
            #expect(!otherCouldWrite)
            #expect(await otherCanWrite())  // released with the commit
            try await other.close()
            try await pool.shutdownGracefully()
        }
    }

    @Test("background work rides last in the next batch a request starts, sharing its commit; it never starts a batch of its own in the meantime")
    func riderJoinsTheNextBatch() async throws {
        try await withItems { db, commits in
            let seen = NIOLockedValueBox<[(name: String, batch: ObjectIdentifier)]>([])
            let rider = Task {
                try await commits.run(ridingFor: .seconds(600)) { tx, batch in
                    try await tx.sql.raw("INSERT INTO items (name) VALUES ('rider')").run()
                    seen.withLockedValue { $0.append(("rider", ObjectIdentifier(batch))) }
                    return 1
                }
            }
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await names(db).isEmpty)  // waiting for a batch, not run alone
            let request = try await commits.run { tx, batch in
                try await tx.sql.raw("INSERT INTO items (name) VALUES ('request')").run()
                seen.withLockedValue { $0.append(("request", ObjectIdentifier(batch))) }
                return 2
            }
            #expect(request == 2)
            #expect(try await rider.value == 1)
            let order = seen.withLockedValue { $0 }
            #expect(order.map(\.name) == ["request", "rider"])
            #expect(Set(order.map(\.batch)).count == 1)
            #expect(try await names(db) == ["request", "rider"])
        }
    }

    @Test("background work with no request to ride with runs alone once its patience runs out")
    func riderRunsAloneAfterItsPatience() async throws {
        try await withItems { db, commits in
            let value = try await commits.run(ridingFor: .milliseconds(20)) { tx, _ in
                try await tx.sql.raw("INSERT INTO items (name) VALUES ('rider')").run()
                return 7
            }
            #expect(value == 7)
            #expect(try await names(db) == ["rider"])
        }
    }
}
