import Fluent
import SQLKit

/// Trade offers and the listings each one offers.
struct CreateTradeOffer: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(TradeOfferRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_trade_offers_id")
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("offerer_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("seller_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("cash_top_up_cents", .int64, .required)
            .field("currency", .string, .required)
            .field("status", .string, .required)
            .field("created_at", .datetime, .required)
            .field("decided_at", .datetime)
            .create()
        try await database.schema(TradeOfferItemRecord.schema)
            .id()
            .field("offer_id", .uuid, .required, .references(TradeOfferRecord.schema, "id"))
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .unique(on: "offer_id", "listing_id", name: "uq_trade_offer_items")
            .create()
        let sql = database.sql
        try await sql.create(index: "ix_trade_offers_listing").on(TradeOfferRecord.schema).column("listing_id").column("status").run()
        try await sql.create(index: "ix_trade_offers_offerer").on(TradeOfferRecord.schema).column("offerer_id").column("seq").run()
        try await sql.create(index: "ix_trade_offers_seller").on(TradeOfferRecord.schema).column("seller_id").column("seq").run()
        try await sql.create(index: "ix_trade_offer_items_listing").on(TradeOfferItemRecord.schema).column("listing_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(TradeOfferItemRecord.schema).delete()
        try await database.schema(TradeOfferRecord.schema).delete()
    }
}
