import Fluent
import MarketCore
import SQLKit

/// Orders and their status history. The database itself guarantees the two rules money depends on:
/// - one sale: at most one live (not declined/cancelled) purchase or trade per listing — a unique
///   partial index, on both databases;
/// - no double booking: on PostgreSQL an exclusion constraint (btree_gist) forbids two live rentals
///   of one listing with overlapping `[start, end)`; SQLite has no such constraint, so the rental
///   service checks and inserts under the write lock (SQLite has one writer at a time).
struct CreateOrder: AsyncMigration {
    static let liveCondition = "status NOT IN ('\(OrderStatus.declined.rawValue)', '\(OrderStatus.cancelled.rawValue)')"

    func prepare(on database: any Database) async throws {
        try await database.schema(OrderRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_orders_id")
            .field("type", .string, .required)
            .field("status", .string, .required)
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("buyer_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("seller_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("fulfillment", .string, .required)
            .field("total_cents", .int64, .required)
            .field("delivery_fee_cents", .int64, .required)
            .field("currency", .string, .required)
            .field("starts_at", .datetime)
            .field("ends_at", .datetime)
            .field("rental_units", .int)
            .field("trade_offer_id", .uuid, .references(TradeOfferRecord.schema, "id"))
            .field("quote_id", .uuid, .references(DeliveryQuoteRecord.schema, "id"))
            .field("confirmation_code", .string, .required)
            .field("code_failures", .int, .required)
            .field("code_locked_until", .datetime)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.schema(OrderEventRecord.schema)
            .id()
            .field("order_id", .uuid, .required, .references(OrderRecord.schema, "id"))
            .field("status", .string, .required)
            .field("actor_id", .uuid, .references(UserRecord.schema, "id"))
            .field("at", .datetime, .required)
            .create()

        let sql = database.sql
        try await sql.raw("""
            CREATE UNIQUE INDEX uq_orders_one_live_sale ON orders (listing_id)
            WHERE type <> 'rental' AND \(unsafeRaw: Self.liveCondition)
            """).run()
        try await sql.create(index: "ix_orders_buyer").on(OrderRecord.schema).column("buyer_id").column("seq").run()
        try await sql.create(index: "ix_orders_seller").on(OrderRecord.schema).column("seller_id").column("seq").run()
        try await sql.create(index: "ix_orders_listing_period").on(OrderRecord.schema).column("listing_id").column("starts_at").run()
        try await sql.create(index: "ix_order_events_order").on(OrderEventRecord.schema).column("order_id").column("at").run()
        if database.isPostgres {
            // btree_gist lets a GiST index compare the listing UUID with `=`. It is a trusted
            // extension (PostgreSQL 13+), so a database owner may create it.
            try await sql.raw("CREATE EXTENSION IF NOT EXISTS btree_gist WITH SCHEMA public").run()
            try await sql.raw("""
                ALTER TABLE orders ADD CONSTRAINT ex_orders_rental_overlap EXCLUDE USING gist (
                  listing_id WITH =, tstzrange(starts_at, ends_at, '[)') WITH &&
                ) WHERE (type = 'rental' AND \(unsafeRaw: Self.liveCondition))
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OrderEventRecord.schema).delete()
        try await database.schema(OrderRecord.schema).delete()
    }
}
