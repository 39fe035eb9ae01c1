import Fluent
import SQLKit

/// Saved listings: one row per student and listing (a unique index, so saving twice at once
/// keeps one), the listing's id set to NULL when it is deleted, so the list says it is gone.
struct CreateFavorites: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FavoriteRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_favorites_id")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("listing_id", .uuid, .references(ListingRecord.schema, "id", onDelete: .setNull))
            .field("title", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "user_id", "listing_id", name: "uq_favorites_user_listing")
            .create()
        // Who saved a listing (its price drops, it is being sold): read on every such change.
        try await database.sql.create(index: "ix_favorites_listing").on(FavoriteRecord.schema).column("listing_id").run()
        try await database.sql.create(index: "ix_favorites_user").on(FavoriteRecord.schema).column("user_id").column("seq").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FavoriteRecord.schema).delete()
    }
}
