import Fluent
import SQLKit

/// The language a student chose (`users.language`, an offered tag such as "es"): their pages
/// when they are signed in, and the mails and pushes sent to them. nil until they choose.
struct UpdateUserAddLanguage: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE users ADD COLUMN language TEXT").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE users DROP COLUMN language").run()
    }
}
