import Fluent
import SQLKit

/// Meetups of pickup orders (one row per order), and a note on history lines, so proposing
/// and agreeing show in an order's timeline beside its status changes; and when a rental not
/// returned by its end was flagged late.
struct CreateMeetupsAndReturns: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MeetupRecord.schema)
            .field("id", .uuid, .identifier(auto: false), .references(OrderRecord.schema, "id", onDelete: .cascade))
            .field("spot_id", .string, .required)
            .field("spot_name", .string, .required)
            .field("spot_description", .string, .required)
            .field("latitude", .double, .required)
            .field("longitude", .double, .required)
            .field("at", .datetime, .required)
            .field("proposed_by", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("agreed_at", .datetime)
            .field("updated_at", .datetime, .required)
            .create()
        try await database.schema(OrderEventRecord.schema).field("note", .string).update()
        // Rentals that come back: when one not returned by its end was flagged late.
        try await database.schema(OrderRecord.schema).field("late_at", .datetime).update()
        // A rental's deposit: asked on the listing, copied onto the order when booked.
        try await database.schema(OrderRecord.schema).field("deposit_cents", .int64).update()
        try await database.schema(ListingRecord.schema).field("deposit_cents", .int64).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ListingRecord.schema).deleteField("deposit_cents").update()
        try await database.schema(OrderRecord.schema).deleteField("deposit_cents").update()
        try await database.schema(OrderRecord.schema).deleteField("late_at").update()
        try await database.schema(OrderEventRecord.schema).deleteField("note").update()
        try await database.schema(MeetupRecord.schema).delete()
    }
}
