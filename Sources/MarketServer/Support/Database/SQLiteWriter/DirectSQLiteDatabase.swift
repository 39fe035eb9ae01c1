import FluentKit
import FluentSQL
import Logging
import NIOCore
import SQLKit
import SQLiteKit

/// A SQLite database whose statements run directly (`DirectSQLiteConnection`), as Fluent's
/// `Database` and SQLKit's `SQLDatabase`: the writer's connection inside a write batch
/// (`SQLiteWriterDatabase`) and the connections that read for requests (`SQLiteReaderDatabase`).
/// Each says where its statements may run and how it runs one; the rest is here, once.
protocol DirectSQLiteDatabase: Database, SQLDatabase {
    var context: DatabaseContext { get }
    /// Whether a statement may run on the calling thread; otherwise it is sent to the event loop
    /// of `context` as a job.
    var runsHere: Bool { get }
    /// Runs one statement now, on the calling thread.
    func run(sql: String, binds: [SQLiteData]) throws -> [DirectSQLiteRow]
}

private let encoder = SQLiteDataEncoder()

extension DirectSQLiteDatabase {
    /// Runs `query` now, on the calling thread.
    func run(_ query: any SQLExpression) throws -> [DirectSQLiteRow] {
        var serializer = SQLSerializer(database: self)
        query.serialize(to: &serializer)
        return try run(sql: serializer.sql, binds: serializer.binds.map { try encoder.encode($0) })
    }

    /// `work` at once where statements may run here; from anywhere else, as a job for the loop.
    private func whereItRuns<T: Sendable>(_ work: @escaping @Sendable () throws -> T) -> EventLoopFuture<T> {
        runsHere ? eventLoop.makeCompletedFuture(withResultOf: work) : eventLoop.submit(work)
    }

    // MARK: SQLDatabase

    var logger: Logger { context.logger }
    var eventLoop: any EventLoop { context.eventLoop }
    var dialect: any SQLDialect { SQLiteDialect() }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        whereItRuns { try run(query).forEach(onRow) }
    }

    /// Raw SQL from async code: run in place, with no future (awaiting a future made on another
    /// thread's loop would hop there and back).
    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        if runsHere {
            try run(query).forEach(onRow)
        } else {
            try await whereItRuns { try run(query).forEach(onRow) }.get()
        }
    }

    // MARK: Database

    func execute(query: DatabaseQuery, onOutput: @escaping @Sendable (any DatabaseOutput) -> Void) -> EventLoopFuture<Void> {
        let converted = SQLQueryConverter(delegate: DirectSQLiteConverterDelegate()).convert(query)
        // As fluent-sqlite-driver does: an insert returns the ids it made.
        let statement: any SQLExpression = if case .create = query.action, query.customIDKey != .some(.string("")) {
            SQLKit.SQLList([converted, SQLReturning(.init((query.customIDKey ?? .id).description))], separator: SQLRaw(" "))
        } else {
            converted
        }
        return whereItRuns { for row in try run(statement) { onOutput(DirectSQLiteOutput(row: row)) } }
    }

    func execute(schema: DatabaseSchema) -> EventLoopFuture<Void> {
        eventLoop.makeFailedFuture(DirectSQLiteError.misuse("Schema changes run as migrations, not here."))
    }

    func execute(enum: DatabaseEnum) -> EventLoopFuture<Void> {
        eventLoop.makeSucceededFuture(())
    }
}

/// SQLite's types for Fluent's, as fluent-sqlite-driver's converter has them (only queries run
/// here, so only the values' types matter).
private struct DirectSQLiteConverterDelegate: SQLConverterDelegate {
    func customDataType(_ dataType: DatabaseSchema.DataType) -> (any SQLExpression)? {
        switch dataType {
        case .string, .enum: SQLRaw("TEXT")
        case .datetime: SQLRaw("REAL")
        case .int64: SQLRaw("INTEGER")
        default: nil
        }
    }
}
