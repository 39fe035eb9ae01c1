import FluentKit
import FluentSQL
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// `SQLiteWriter`'s connection as the `Database` a write batch's jobs are given: Fluent's models
/// and SQLKit's queries, answered at once on the writer's thread. It is always inside the batch's
/// transaction, which the batch begins and ends with `begin`/`commit`/`rollback`.
struct SQLiteWriterDatabase: Database, SQLDatabase {
    let connection: DirectSQLiteConnection
    let context: DatabaseContext
    private static let encoder = SQLiteDataEncoder()

    var inTransaction: Bool { true }

    func begin() throws { _ = try connection.run("BEGIN IMMEDIATE", binds: []) }
    func commit() throws { _ = try connection.run("COMMIT", binds: []) }
    func rollback() throws { _ = try connection.run("ROLLBACK", binds: []) }

    /// Runs `query` now, on the calling thread, which must be the writer's: SQLite may block it.
    func run(_ query: any SQLExpression) throws -> [DirectSQLiteRow] {
        context.eventLoop.preconditionInEventLoop()
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        return try connection.run(serializer.sql, binds: serializer.binds.map { try Self.encoder.encode($0) })
    }

    // MARK: SQLDatabase

    var logger: Logger { context.logger }
    var eventLoop: any EventLoop { context.eventLoop }
    var dialect: any SQLDialect { SQLiteDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        onWriterThread { try run(query).forEach(onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        if eventLoop.inEventLoop {
            try run(query).forEach(onRow)
        } else {
            try await onWriterThread { try run(query).forEach(onRow) }.get()
        }
    }

    /// `work` at once on the writer's thread, where a batch's code runs; from anywhere else, as a
    /// job for that thread. Fluent runs some reads in a task of its own (eager loading, `with`),
    /// which Swift starts on its own pool, not on the batch's preferred executor.
    private func onWriterThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        eventLoop.inEventLoop ? eventLoop.makeCompletedFuture(withResultOf: work) : eventLoop.submit(work)
    }

    // MARK: Database

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        let converted = SQLQueryConverter(delegate: SQLiteWriterConverterDelegate()).convert(query)
        // As fluent-sqlite-driver does: an insert returns the ids it made.
        let statement: any SQLExpression = if case .create = query.action, query.customIDKey != .some(.string("")) {
            SQLKit.SQLList([converted, SQLReturning(.init((query.customIDKey ?? .id).description))], separator: SQLRaw(" "))
        } else {
            converted
        }
        return onWriterThread { for row in try run(statement) { onOutput(DirectSQLiteOutput(row: row)) } }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        eventLoop.makeFailedFuture(DirectSQLiteError.misuse("Schema changes run as migrations, not in a write batch."))
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        eventLoop.makeSucceededFuture(())
    }

    func transaction<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }

    func withConnection<T>(_ closure: @escaping @Sendable (any Database) -> EventLoopFuture<T>) -> EventLoopFuture<T> {
        closure(self)
    }
}

/// SQLite's types for Fluent's, as fluent-sqlite-driver's converter has them (only queries run
/// here, so only the values' types matter).
private struct SQLiteWriterConverterDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? {
        switch dataType {
        case .string, .enum: SQLRaw("TEXT")
        case .datetime: SQLRaw("REAL")
        case .int64: SQLRaw("INTEGER")
        default: nil
        }
    }
}
