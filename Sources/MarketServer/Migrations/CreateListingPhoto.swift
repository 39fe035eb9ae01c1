import Fluent
import SQLKit

struct CreateListingPhoto: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListingPhotoRecord.schema)
            .id()
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("file_name", .string, .required)
            .field("content_type", .string, .required)
            .field("byte_count", .int64, .required)
            .field("position", .int, .required)
            .field("created_at", .datetime, .required)
            .create()
        let sql = database.sql
        try await sql.create(index: "ix_listing_photos_listing").on(ListingPhotoRecord.schema).column("listing_id").column("position").run()
        // Files are content-addressed and may be shared; deletion checks for other references.
        try await sql.create(index: "ix_listing_photos_file").on(ListingPhotoRecord.schema).column("file_name").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListingPhotoRecord.schema).delete()
    }
}
