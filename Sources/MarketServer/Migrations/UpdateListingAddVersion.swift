import Fluent
import SQLKit

/// Each listing's edit version, raised by every edit of its fields (`ListingService.replace`).
/// An edit made from a copy (a phone that was offline, a second tab) names the version it was
/// made from in `If-Match`, and is refused `412` when the listing changed since, rather than
/// undoing the newer change. Listings made before start at 1.
struct UpdateListingAddVersion: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE listings ADD COLUMN version BIGINT NOT NULL DEFAULT 1").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.raw("ALTER TABLE listings DROP COLUMN version").run()
    }
}
