import Logging
import NIOConcurrencyHelpers
import NIOCore
import SQLKit

/// A database that keeps the text of every statement run through it, in order, and runs it on
/// `base`: what a search asks, and how many round trips it takes. `PreparedQuery` sees no
/// PostgreSQL connection here and sends each statement through SQLKit, with its values bound.
struct RecordingSQLDatabase: SQLDatabase {
    let base: any SQLDatabase
    private let recorded = NIOLockedValueBox<[String]>([])

    init(base: any SQLDatabase) { self.base = base }

    var statements: [String] { recorded.withLockedValue { $0 } }

    var logger: Logger { base.logger }
    var eventLoop: any EventLoop { base.eventLoop }
    var version: (any SQLDatabaseReportedVersion)? { base.version }
    var dialect: any SQLDialect { base.dialect }
    var queryLogLevel: Logger.Level? { base.queryLogLevel }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> ()) -> EventLoopFuture<Void> {
        var serializer = SQLSerializer(database: base)
        query.serialize(to: &serializer)
        recorded.withLockedValue { $0.append(serializer.sql) }
        return base.execute(sql: query, onRow)
    }
}
