import Fluent
import SQLKit

/// A student's privacy settings (`PrivacySettings`) and the name others read. Accounts made
/// before keep what they were shown as (contact to anyone signed in, listed everywhere, full
/// name); new accounts start private (`UserRecord.init`). `listings.campus_only` mirrors the
/// seller's choice so that searches filter on the listing alone. The settings change what pages
/// show, so a write to them bumps the content version (`CreateContentVersions`) as a rename did.
struct UpdateUserAddPrivacy: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("ALTER TABLE users ADD COLUMN contact_audience TEXT NOT NULL DEFAULT 'signedIn'").run()
        try await sql.raw("ALTER TABLE users ADD COLUMN shown_outside_campus BOOLEAN NOT NULL DEFAULT TRUE").run()
        try await sql.raw("ALTER TABLE users ADD COLUMN name_style TEXT NOT NULL DEFAULT 'full'").run()
        try await sql.raw("ALTER TABLE users ADD COLUMN public_name TEXT NOT NULL DEFAULT ''").run()
        try await Self.nameOlderAccounts(on: database)
        try await sql.raw("ALTER TABLE listings ADD COLUMN campus_only BOOLEAN NOT NULL DEFAULT FALSE").run()
        try await CreateContentVersions.unwatch("users", on: database)
        try await CreateContentVersions.watch("users", columns: Self.watchedUserColumns, on: database)
    }

    /// Accounts made before the column read their full name, as they did.
    static func nameOlderAccounts(on database: any Database) async throws {
        try await database.sql.raw("UPDATE users SET public_name = name WHERE public_name = ''").run()
    }

    static let watchedUserColumns = CreateContentVersions.watched.first { $0.table == "users" }!.columns!
        + ["public_name", "contact_audience", "shown_outside_campus", "name_style"]

    func revert(on database: any Database) async throws {
        try await CreateContentVersions.unwatch("users", on: database)
        try await CreateContentVersions.watch("users", columns: CreateContentVersions.watched.first { $0.table == "users" }!.columns, on: database)
        for column in ["contact_audience", "shown_outside_campus", "name_style", "public_name"] {
            try await database.sql.raw("ALTER TABLE users DROP COLUMN \(unsafeRaw: column)").run()
        }
        try await database.sql.raw("ALTER TABLE listings DROP COLUMN campus_only").run()
    }
}
