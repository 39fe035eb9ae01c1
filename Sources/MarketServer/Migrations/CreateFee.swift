import Fluent
import SQLKit

/// Money the marketplace charges (featured listings) and gives back (refunds). The ledger
/// (Transactions issue) reads these.
struct CreateFee: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(FeeRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("listing_id", .uuid, .references(ListingRecord.schema, "id"))
            .field("kind", .string, .required)
            .field("amount_cents", .int64, .required)
            .field("currency", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_fees_user").on(FeeRecord.schema).column("user_id").column("created_at").run()
        try await database.sql.create(index: "ix_fees_listing").on(FeeRecord.schema).column("listing_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(FeeRecord.schema).delete()
    }
}
