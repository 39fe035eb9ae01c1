import Fluent
import SQLKit

struct CreateNotification: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(NotificationRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_notifications_id")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("kind", .string, .required)
            .field("message", .string, .required)
            .field("order_id", .uuid)
            .field("trade_offer_id", .uuid)
            .field("listing_id", .uuid)
            .field("order_status", .string)
            .field("created_at", .datetime, .required)
            .field("read_at", .datetime)
            .create()
        try await database.sql.create(index: "ix_notifications_user").on(NotificationRecord.schema).column("user_id").column("seq").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(NotificationRecord.schema).delete()
    }
}
