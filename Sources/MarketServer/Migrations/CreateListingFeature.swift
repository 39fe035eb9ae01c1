import Fluent
import SQLKit

struct CreateListingFeature: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(ListingFeature.schema)
            .id()
            .field("listing_id", .uuid, .required, .references(Listing.schema, "id"))
            .field("fee_id", .uuid, .required, .references(Fee.schema, "id"))
            .field("starts_at", .datetime, .required)
            .field("ends_at", .datetime, .required)
            .field("cancelled_at", .datetime)
            .create()
        try await (database as! any SQLDatabase).create(index: "ix_listing_features_listing").on(ListingFeature.schema).column("listing_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListingFeature.schema).delete()
    }
}
