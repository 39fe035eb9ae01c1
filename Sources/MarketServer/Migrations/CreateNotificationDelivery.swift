import Fluent
import Foundation
import SQLKit

/// What notifications need to leave the page: each person's channel per topic, their phones,
/// the push and notification-mail queues, and a key every instance shares to sign
/// unsubscribe links (made here, once, so no operator has to set a secret).
struct CreateNotificationDelivery: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("notification_settings")
            .field("user_id", .uuid, .identifier(auto: false), .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("settings", .string, .required)  // NotificationSettings, as JSON
            .field("updated_at", .datetime, .required)
            .create()
        try await database.schema("push_devices")
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("token", .string, .required)
            .field("environment", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "token", name: "uq_push_devices_token")
            .create()
        try await database.sql.create(index: "ix_push_devices_user").on("push_devices").column("user_id").run()
        // One row per push and phone, so a retry resends to the phone that missed it only.
        try await database.schema("push_outbox")
            .id()
            .field("device_id", .uuid, .required, .references("push_devices", "id", onDelete: .cascade))
            .field("payload", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_push_outbox_due").on("push_outbox").column("next_attempt_at").run()
        // A line of a mail to come: sent when due if its notification or message is still unread.
        try await database.schema("pending_mails")
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("topic", .string, .required)
            .field("line", .string, .required)
            .field("path", .string)
            .field("notification_id", .uuid)
            .field("conversation_id", .uuid)
            .field("message_seq", .int64)
            .field("due_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_pending_mails_due").on("pending_mails").column("due_at").run()
        // Listings created or changed, waiting to be matched against saved searches.
        try await database.schema("saved_search_queue")
            .field("listing_id", .uuid, .identifier(auto: false), .references(ListingRecord.schema, "id", onDelete: .cascade))
            .field("queued_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_saved_search_queue_time").on("saved_search_queue").column("queued_at").run()
        // Who was told of a listing (one notification per owner, whichever search matched).
        try await database.sql.create(index: "ix_saved_search_hits_listing").on("saved_search_hits").column("listing_id").column("saved_search_id").run()
        try await database.schema("server_keys")
            .field("name", .string, .identifier(auto: false))
            .field("secret", .string, .required)
            .create()
        let secret = Data((0..<32).map { _ in UInt8.random(in: 0...255) }).base64EncodedString()
        try await database.sql.raw("INSERT INTO server_keys (name, secret) VALUES ('unsubscribe', \(bind: secret))").run()
        try await database.schema(MailOutboxRecord.schema).field("list_unsubscribe", .string).update()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "ix_saved_search_hits_listing").run()
        try await database.schema(MailOutboxRecord.schema).deleteField("list_unsubscribe").update()
        for table in ["server_keys", "saved_search_queue", "pending_mails", "push_outbox", "push_devices", "notification_settings"] {
            try await database.schema(table).delete()
        }
    }
}
