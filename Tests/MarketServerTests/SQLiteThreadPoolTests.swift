import FluentSQLiteDriver
import Foundation
@testable import MarketServer
import NIOConcurrencyHelpers
import NIOPosix
import SQLiteNIO
import Testing

/// SQLite calls run on a thread pool, and a connection waiting for the write lock spins on its
/// thread. When two applications (or any other work) shared one small pool, the waiters could
/// take every thread while the writers holding the locks waited for one to commit on: the full
/// test suite hung that way, every database call timing out.
@Suite("SQLite thread pool")
struct SQLiteThreadPoolTests {
    @Test("the server runs SQLite on a pool of its own, not the process-wide one", .enabled(if: !TestDatabase.isPostgres))
    func ownPool() async throws {
        try await withTestApp { app in
            #expect(app.databases.threadPool !== NIOThreadPool.singleton)
            let count = try await app.db.sql.raw("SELECT 1 AS one").first()?.decode(column: "one", as: Int.self)
            #expect(count == 1)
        }
    }

    @Test("two servers in one process, each with a connection waiting for its write lock: both writers still commit")
    func waitersDoNotStarveWriters() async throws {
        let pools = (0..<2).map { _ in DatabaseSetup.sqliteThreadPool(connections: 2) }
        for pool in pools { pool.start() }
        let loop = MultiThreadedEventLoopGroup.singleton.any()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cm-pool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        var holders: [SQLiteConnection] = [], waiters: [Task<Void, any Error>] = []
        for (index, pool) in pools.enumerated() {
            let storage = SQLiteConnection.Storage.file(path: directory.appendingPathComponent("\(index).sqlite").path)
            let holder = try await SQLiteConnection.open(storage: storage, threadPool: pool, on: loop)
            let waiter = try await SQLiteConnection.open(storage: storage, threadPool: pool, on: loop)
            _ = try await holder.query("CREATE TABLE t (n INTEGER)", [])
            _ = try await holder.query("BEGIN IMMEDIATE", [])
            _ = try await holder.query("INSERT INTO t VALUES (1)", [])
            waiters.append(Task {
                _ = try await waiter.query("INSERT INTO t VALUES (2)", [])  // spins until the holder commits
                try await waiter.close()
            })
            holders.append(holder)
        }
        try await Task.sleep(for: .milliseconds(200))  // both waiters are spinning on their threads

        // The commit runs unstructured: when it cannot get a thread it never returns, and the
        // test must still end (in failure) rather than wait for it.
        let writers = holders
        let done = NIOLockedValueBox(false)
        Task {
            for writer in writers { _ = try await writer.query("COMMIT", []) }
            done.withLockedValue { $0 = true }
        }
        var committed = false
        for _ in 0..<200 where !committed {  // up to 10 s
            try await Task.sleep(for: .milliseconds(50))
            committed = done.withLockedValue { $0 }
        }
        #expect(committed, "a writer holding the lock could not get a thread to commit on")
        guard committed else { return }  // the waiters spin for ever; leave them
        for waiter in waiters { try await waiter.value }
        for holder in holders { try await holder.close() }
        for pool in pools { try await pool.shutdownGracefully() }
    }
}
