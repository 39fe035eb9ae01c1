import Fluent
import SQLKit

/// Conversations between two accounts about one listing, their messages, and blocks.
/// - one conversation per (listing, person who asked): opening it again returns it;
/// - a message's `client_id` is unique per sender, so a retried send cannot store it twice;
/// - read positions are message `seq`s, per side, so unread counts are one indexed range.
struct CreateConversation: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("conversations")
            .sequenceKey(on: database, uniqueIDName: "uq_conversations_id")
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id"))
            .field("buyer_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("seller_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("buyer_read_seq", .int64, .required)
            .field("seller_read_seq", .int64, .required)
            .field("last_message_seq", .int64)
            .field("created_at", .datetime, .required)
            .field("last_activity_at", .datetime, .required)
            .unique(on: "listing_id", "buyer_id", name: "uq_conversations_listing_buyer")
            .create()
        try await database.sql.create(index: "ix_conversations_buyer").on("conversations").column("buyer_id").column("last_activity_at").run()
        try await database.sql.create(index: "ix_conversations_seller").on("conversations").column("seller_id").column("last_activity_at").run()

        try await database.schema("messages")
            .sequenceKey(on: database, uniqueIDName: "uq_messages_id")
            .field("conversation_id", .uuid, .required, .references("conversations", "id"))
            .field("sender_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("client_id", .string)
            .field("text", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "sender_id", "client_id", name: "uq_messages_sender_client")
            .create()
        try await database.sql.create(index: "ix_messages_conversation").on("messages").column("conversation_id").column("seq").run()
        try await database.sql.create(index: "ix_messages_sender_time").on("messages").column("sender_id").column("created_at").run()

        try await database.schema("user_blocks")
            .id()
            .field("blocker_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("blocked_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("created_at", .datetime, .required)
            .unique(on: "blocker_id", "blocked_id", name: "uq_user_blocks_pair")
            .create()
        try await database.sql.create(index: "ix_user_blocks_blocked").on("user_blocks").column("blocked_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("user_blocks").delete()
        try await database.schema("messages").delete()
        try await database.schema("conversations").delete()
    }
}
