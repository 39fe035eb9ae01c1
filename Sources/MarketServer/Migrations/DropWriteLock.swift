import Fluent
import SQLKit

/// SQLite: removes `write_lock` (`CreateWriteLock`), which nothing writes to any more.
struct DropWriteLock: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard !database.isPostgres else { return }
        try await database.sql.drop(table: CreateWriteLock.table).ifExists().run()
    }

    func revert(on database: any Database) async throws {
        try await CreateWriteLock().prepare(on: database)
    }
}
