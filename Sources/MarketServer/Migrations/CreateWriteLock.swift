import Fluent
import SQLKit

/// SQLite: an empty table whose only use is to be written to as a transaction's first statement
/// (`GroupCommit.takeWriteLock`), which takes the database's write lock as `BEGIN IMMEDIATE`
/// would; Fluent begins every transaction deferred. A write that touches no row of a table with
/// no index or trigger is prepared and run in microseconds. PostgreSQL locks rows, not the
/// database, and has no use for it.
struct CreateWriteLock: AsyncMigration {
    static let table = "write_lock"

    func prepare(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await database.sql.create(table: Self.table).column("id", type: .int, .primaryKey(autoIncrement: false)).run()
    }

    func revert(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await database.sql.drop(table: Self.table).ifExists().run()
    }
}
