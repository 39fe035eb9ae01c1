import Fluent
import SQLKit

struct CreateListingFeature: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListingFeatureRecord.schema)
            .id()
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("fee_id", .uuid, .required, .references(FeeRecord.schema, "id"))
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("cancelled_at", .datetime)
            .create()
        try await database.sql.create(index: "ix_listing_features_listing").on(ListingFeatureRecord.schema).column("listing_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListingFeatureRecord.schema).delete()
    }
}
