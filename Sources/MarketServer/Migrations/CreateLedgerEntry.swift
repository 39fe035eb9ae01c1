import Fluent
import SQLKit

/// The personal ledger. Marketplace fees written before this migration are copied in, so the
/// ledger starts complete.
struct CreateLedgerEntry: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LedgerEntryRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_ledger_entries_id")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("kind", .string, .required)
            .field("source", .string, .required)
            .field("category", .string, .required)
            .field("title", .string, .required)
            .field("description", .string, .required)
            .field("amount_cents", .int64, .required)
            .field("currency", .string, .required)
            .field("month", .string, .required)
            .field("order_id", .uuid, .references(OrderRecord.schema, "id"))
            .field("listing_id", .uuid, .references(ListingRecord.schema, "id"))
            .field("occurred_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .create()
        let sql = database.sql
        try await sql.create(index: "ix_ledger_user_time").on(LedgerEntryRecord.schema)
            .column("user_id").column("occurred_at").column("seq").run()
        try await sql.create(index: "ix_ledger_user_source").on(LedgerEntryRecord.schema).column("user_id").column("source").run()

        for fee in try await FeeRecord.query(on: database).with(\.$listing).all() {
            try await LedgerEntryRecord.forFee(fee, listingTitle: fee.listing?.title, now: fee.createdAt).create(on: database)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LedgerEntryRecord.schema).delete()
    }
}
