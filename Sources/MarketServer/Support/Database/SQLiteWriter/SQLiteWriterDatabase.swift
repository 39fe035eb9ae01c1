import FluentKit
import FluentSQL
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// `SQLiteWriter`'s connection as the `Database` a write batch's jobs are given: Fluent's models
/// and SQLKit's queries, answered at once on the writer's thread. It is always inside the batch's
/// transaction, which the batch begins and ends with `begin`/`commit`/`rollback`.
struct SQLiteWriterDatabase: DirectSQLiteDatabase {
    let connection: DirectSQLiteConnection
    let context: DatabaseContext

    var inTransaction: Bool { true }

    func begin() throws { _ = try connection.run("BEGIN IMMEDIATE", binds: []) }
    func commit() throws { _ = try connection.run("COMMIT", binds: []) }
    func rollback() throws { _ = try connection.run("ROLLBACK", binds: []) }

    /// Only on the writer's thread, where a batch's code runs: SQLite may block it. Fluent runs
    /// some reads in a task of its own (eager loading, `with`), which Swift starts on its own
    /// pool, not on the batch's preferred executor; those are sent to the thread as jobs.
    var runsHere: Bool { context.eventLoop.inEventLoop }

    func run(sql: String, binds: [SQLiteData]) throws -> [DirectSQLiteRow] {
        context.eventLoop.preconditionInEventLoop()
        return try connection.run(sql, binds: binds)
    }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }
}
