import Fluent
import SQLKit

/// Listings, with an integer `seq` as the physical key: it orders "newest" and is the row id the
/// full-text index points at. The UUID `id` is what the API shows.
struct CreateListing: AsyncMigration {
    func prepare(on database: any Database) async throws {
        let sql = database.sql
        let isPostgres = sql.dialect.name == "postgresql"
        try await database.schema(ListingRecord.schema)
            .field("seq", .custom(isPostgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY"))
            .field("id", .uuid, .required)
            .field("seller_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("title", .string, .required)
            .field("description", .string, .required)
            .field("category_mask", .int64, .required)
            .field("condition", .string, .required)
            .field("sale_price_cents", .int64)
            .field("rent_price_cents", .int64)
            .field("rent_unit", .string)
            .field("open_to_trade", .bool, .required)
            .field("sort_price_cents", .int64)
            .field("currency", .string, .required)
            .field("author", .string)
            .field("edition", .string)
            .field("isbn", .string)
            .field("course_code", .string)
            .field("campus", .string)
            .field("status", .string, .required)
            .field("featured_until", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .unique(on: "id", name: "uq_listings_id")
            .create()
        // Keyset scans: the feed (newest and by price), a seller's listings, ISBN look-ups, features.
        try await sql.create(index: "ix_listings_status_seq").on(ListingRecord.schema).column("status").column("seq").run()
        try await sql.create(index: "ix_listings_status_price").on(ListingRecord.schema).column("status").column("sort_price_cents").column("seq").run()
        try await sql.create(index: "ix_listings_seller").on(ListingRecord.schema).column("seller_id").column("seq").run()
        try await sql.create(index: "ix_listings_isbn").on(ListingRecord.schema).column("isbn").run()
        try await sql.create(index: "ix_listings_featured").on(ListingRecord.schema).column("featured_until").run()
        try await SearchIndex.original.create(on: sql)
    }

    func revert(on database: any Database) async throws {
        try await SearchIndex.original.drop(on: database.sql)
        try await database.schema(ListingRecord.schema).delete()
    }
}
