import FluentKit
import NIOConcurrencyHelpers
import SQLiteKit
import Vapor

/// `SQLiteReaders` as Fluent's `Database` and SQLKit's `SQLDatabase`, for reads: statements run
/// on the calling thread. It writes nothing (its connections refuse to) and opens no transaction.
struct SQLiteReaderDatabase: DirectSQLiteDatabase {
    let readers: SQLiteReaders
    let context: DatabaseContext

    var inTransaction: Bool { false }
    var runsHere: Bool { true }

    func run(sql: String, binds: [SQLiteData]) throws -> [DirectSQLiteRow] {
        try readers.run(sql, binds: binds)
    }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        eventLoop.makeFailedFuture(DirectSQLiteError.misuse("Reads open no transaction: a write goes through WriteTransactions."))
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }
}
