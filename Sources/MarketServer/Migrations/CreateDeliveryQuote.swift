import Fluent
import SQLKit

struct CreateDeliveryQuote: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(DeliveryQuoteRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("provider", .string, .required)
            .field("pickup", .string, .required)
            .field("dropoff", .string, .required)
            .field("fee_cents", .int64, .required)
            .field("currency", .string, .required)
            .field("duration_minutes", .int, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime, .required)
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(DeliveryQuoteRecord.schema).delete()
    }
}
