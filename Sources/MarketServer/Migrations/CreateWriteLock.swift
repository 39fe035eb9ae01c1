import Fluent
import SQLKit

/// SQLite: an empty table that write batches wrote to as their first statement, to take the
/// database's write lock as `BEGIN IMMEDIATE` would (Fluent begins every transaction deferred).
/// Batches now run on a connection of their own (`SQLiteWriter`) that begins with `BEGIN
/// IMMEDIATE` itself, and `DropWriteLock` removes the table. PostgreSQL never had it.
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
