import Crypto
import Fluent
import Foundation
import PostgresKit
import SQLKit

/// A statement on a hot path: every purchase, rental or signed-in request runs it. On PostgreSQL
/// it runs as a prepared statement, parsed and planned once per connection and then only bound
/// and executed. SQLKit sends every statement unnamed, which PostgreSQL parses and plans afresh
/// on each run: the statement log showed parsing and planning at 1.85 of the 2.83 ms a purchase
/// spent in the database. SQLite prepares a statement in microseconds, so there it is an
/// ordinary statement.
///
/// Only for statements whose best plan does not depend on the values bound. After five runs
/// PostgreSQL may switch a prepared statement to one generic plan for every value: right for a
/// look-up by key or an insert, wrong for a search whose best index depends on the word.
///
/// Either way its rows are PostgresNIO's, read by type (`PostgresTypedRow`). A statement whose best
/// plan does depend on the values (`keptPrepared` false, `SQLDatabase.unprepared`) is sent unnamed
/// with its values written in (`PostgresInlinedStatement`), planned for them each time, also on
/// the connections that plan bound statements once (`DatabaseSetup.searchReads`), and its rows
/// are read the same fast way.
struct PreparedQuery: Sendable {
    let sql: any SQLDatabase
    let query: SQLQueryString
    var keptPrepared = true

    func all() async throws -> [any SQLRow] {
        let traced = sql as? TracedSQLDatabase
        guard let postgres = (traced?.base ?? sql) as? any PostgresDatabase else { return try await sql.raw(query).all() }
        var serializer = SQLSerializer(database: sql)
        query.serialize(to: &serializer)
        let statement: @Sendable (PostgresConnection) async throws -> [any SQLRow]
        if keptPrepared {
            let named = try NamedStatement(sql: serializer.sql, values: serializer.binds)
            statement = { try await named.run(on: $0) }
        } else {
            let inlined = PostgresQuery(unsafeSQL: try PostgresInlinedStatement.sql(serializer.sql, values: serializer.binds))
            statement = { try await Self.rows(of: inlined, on: $0) }
        }
        let run = { try await postgres.withConnection { connection in connection.eventLoop.makeFutureWithTask { try await statement(connection) } }.get() }
        guard traced != nil else { return try await run() }
        return try await TracedSQLDatabase.traced(serializer.sql, system: "postgresql", run)
    }

    func first() async throws -> (any SQLRow)? { try await all().first }

    /// A statement sent unnamed, its values written into it (`PostgresInlinedStatement`).
    private static func rows(of query: PostgresQuery, on connection: PostgresConnection) async throws -> [any SQLRow] {
        var rows: [any SQLRow] = []
        for try await row in try await connection.query(query, logger: connection.logger) { rows.append(PostgresTypedRow(row)) }
        return rows
    }

    func run() async throws { _ = try await all() }
}

extension Database {
    /// `query` as a statement PostgreSQL keeps prepared on each connection (see `PreparedQuery`).
    func prepared(_ query: SQLQueryString) -> PreparedQuery { sql.prepared(query) }
}

extension SQLDatabase {
    /// `query` as a statement PostgreSQL keeps prepared on each connection (see `PreparedQuery`).
    func prepared(_ query: SQLQueryString) -> PreparedQuery { PreparedQuery(sql: self, query: query) }

    /// `query` planned for its values each time, its rows read by type (see `PreparedQuery`).
    func unprepared(_ query: SQLQueryString) -> PreparedQuery { PreparedQuery(sql: self, query: query, keptPrepared: false) }
}

enum PreparedQueryError: Error, CustomStringConvertible {
    case unsupportedValue(String)

    var description: String {
        switch self {
        case .unsupportedValue(let type): "A prepared statement cannot bind a value of type \(type)."
        }
    }
}

/// SQLKit hands binds over as `any Encodable`; an optional must be unwrapped before PostgreSQL
/// can encode it (nil is bound as NULL).
private protocol OptionalBind {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalBind where Wrapped: Encodable {
    var wrappedValue: Any? { self }
}

/// postgres-nio prepares a statement on first use per connection and reuses it after, keyed by
/// the name its `PostgresPreparedStatement` type gives. That name and the SQL are static members
/// of the type, made for statements written as one type each; ours are SQLKit queries, so the
/// statics read the statement being run from a task-local value, set around the one call that
/// reads them. The name is a hash of the SQL and the bound types, so each distinct statement is
/// prepared once per connection, however many call sites share it.
private struct NamedStatement: PostgresPreparedStatement {
    struct Shape: Sendable {
        var name = ""
        var sql = ""
        var types: [PostgresDataType] = []
    }

    @TaskLocal static var current = Shape()
    static var name: String { current.name }
    static var sql: String { current.sql }
    static var bindingDataTypes: [PostgresDataType] { current.types }

    let shape: Shape
    let bindings: PostgresBindings

    init(sql: String, values: [any Encodable & Sendable]) throws {
        var bindings = PostgresBindings(capacity: values.count)
        var types: [PostgresDataType] = []
        for value in values {
            var unwrapped: Any = value
            if let optional = value as? any OptionalBind {
                guard let wrapped = optional.wrappedValue else {
                    bindings.appendNull()
                    types.append(.null)  // left for PostgreSQL to infer from the statement
                    continue
                }
                unwrapped = wrapped
            }
            guard let encodable = unwrapped as? any PostgresThrowingDynamicTypeEncodable else {
                throw PreparedQueryError.unsupportedValue(String(describing: type(of: unwrapped)))
            }
            try bindings.append(encodable)
            types.append(encodable.psqlType)
        }
        let digest = SHA256.hash(data: Data((sql + types.map { "\($0.rawValue)" }.joined(separator: ",")).utf8))
        shape = Shape(name: "cm_" + digest.prefix(12).hexString, sql: sql, types: types)
        self.bindings = bindings
    }

    func makeBindings() throws -> PostgresBindings { bindings }

    func decodeRow(_ row: PostgresRow) throws -> PostgresRow { row }

    func run(on connection: PostgresConnection) async throws -> [any SQLRow] {
        try await Self.$current.withValue(shape) {
            var rows: [any SQLRow] = []
            for try await row in try await connection.execute(self, logger: connection.logger) { rows.append(PostgresTypedRow(row)) }
            return rows
        }
    }
}
