import Fluent
import SQLKit

/// Meetups of pickup orders (one row per order), and a note on history lines, so proposing
/// and agreeing show in an order's timeline beside its status changes.
struct CreateMeetup: AsyncMigration {
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
    }

    func revert(on database: any Database) async throws {
        try await database.schema(OrderEventRecord.schema).deleteField("note").update()
        try await database.schema(MeetupRecord.schema).delete()
    }
}
