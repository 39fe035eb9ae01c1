import FluentKit
import Foundation
import Logging
import MarketCore
import NIOCore
import SQLKit
import Tracing

/// Raw SQL with a span per statement, when tracing is on (`Database.sql` hands this out then,
/// the plain database otherwise). The span carries the statement with its `$1`/`?`
/// placeholders, never the values bound to them, which may be private.
struct TracedSQLDatabase: SQLDatabase {
    let base: any SQLDatabase

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        let span = startStatementSpan(query)
        let done = base.execute(sql: query, onRow)
        done.whenComplete { result in
            if case .failure(let error) = result { span.recordError(error) }
            span.end()
        }
        return done
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) async throws {
        try await Self.traced(statement(query), system: dialect.name) { try await base.execute(sql: query, onRow) }
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await base.withSession { try await closure(TracedSQLDatabase(base: $0)) }
    }

    /// Runs `body` in a span for one statement (also `PreparedQuery`'s).
    static func traced<T>(_ statement: String, system: String, _ body: () async throws -> T) async throws -> T {
        try await withSpan(name(of: statement), ofKind: .client) { span in
            span.attributes["db.system"] = system
            span.attributes["db.statement"] = statement
            return try await body()
        }
    }

    private func startStatementSpan(_ query: any SQLExpression) -> any Span {
        let text = statement(query)
        let span = InstrumentationSystem.tracer.startAnySpan(Self.name(of: text), context: ServiceContext.current ?? .topLevel, ofKind: .client)
        span.attributes["db.system"] = dialect.name
        span.attributes["db.statement"] = text
        return span
    }

    private func statement(_ query: any SQLExpression) -> String {
        var serializer = SQLSerializer(database: base)
        query.serialize(to: &serializer)
        return serializer.sql
    }

    /// "SELECT", "UPDATE orders"…: the statement's first word, as OpenTelemetry names database spans.
    private static func name(of statement: String) -> String {
        "SQL " + (statement.split(separator: " ", maxSplits: 1).first.map { $0.uppercased() } ?? "statement")
    }
}

extension Database {
    /// `withConnection` and `transaction` that keep the caller's trace and language: the pool
    /// runs the body from a future's callback, where the task-local values of the request are
    /// gone: its statements would start traces of their own, its words come out in English.
    func withTracedConnection<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let context = ServiceContext.current, words = Localizer.current
        return try await withConnection { db in try await Self.within(context, words) { try await body(db) } }
    }

    func tracedTransaction<T: Sendable>(_ body: @escaping @Sendable (any Database) async throws -> T) async throws -> T {
        let context = ServiceContext.current, words = Localizer.current
        return try await transaction { db in try await Self.within(context, words) { try await body(db) } }
    }

    private static func within<T>(_ context: ServiceContext?, _ words: Localizer, _ body: () async throws -> T) async throws -> T {
        try await Localizer.$current.withValue(words) {
            guard let context else { return try await body() }
            return try await ServiceContext.withValue(context) { try await body() }
        }
    }
}
