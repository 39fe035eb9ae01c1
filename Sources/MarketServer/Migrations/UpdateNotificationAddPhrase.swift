import Fluent
import SQLKit

/// A notification's words as a phrase (`Phrase.stored`: the catalog's key and the values), so
/// each reader sees it in their language; `message` keeps the English, as rows before have it.
struct UpdateNotificationAddPhrase: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE notifications ADD COLUMN phrase TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE notifications DROP COLUMN phrase").run()
    }
}
