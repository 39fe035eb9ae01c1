import Fluent
import Foundation
import MarketCore
import SQLKit

/// The statements `ConversationService` runs, in one place: its rules read them by name.
extension ConversationService {
    /// The two sides of a conversation `member` belongs to; 404 otherwise (the same answer as
    /// for one that does not exist, so ids cannot be probed).
    static func participants(of conversationID: UUID, member: UUID, on db: any Database) async throws -> Parties {
        struct Row: Decodable { var buyerId: UUID; var sellerId: UUID; var buyerName: String; var sellerName: String }
        guard let row = try await db.sql.raw("""
            SELECT c.buyer_id, c.seller_id, b.public_name AS buyer_name, s.public_name AS seller_name FROM conversations c
            JOIN users b ON b.id = c.buyer_id JOIN users s ON s.id = c.seller_id WHERE c.id = \(bind: conversationID)
            """).first(decoding: Row.self, keyDecodingStrategy: .convertFromSnakeCase),
              row.buyerId == member || row.sellerId == member else { throw APIError.conversationNotFound }
        return Parties(buyer: row.buyerId, seller: row.sellerId, buyerName: row.buyerName, sellerName: row.sellerName)
    }

    /// The conversation a message is in, when `member` is one of its two sides (nil otherwise).
    static func conversationID(ofMessage messageID: UUID, member: UUID, on db: any Database) async throws -> UUID? {
        try await db.sql.raw("""
            SELECT c.id FROM messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE m.id = \(bind: messageID) AND (c.buyer_id = \(bind: member) OR c.seller_id = \(bind: member))
            """).first(decodingColumn: "id", as: UUID.self)
    }

    static func conversationID(listing: UUID, buyer: UUID, on db: any Database) async throws -> UUID? {
        try await db.sql.raw("SELECT id FROM conversations WHERE listing_id = \(bind: listing) AND buyer_id = \(bind: buyer)")
            .first(decodingColumn: "id", as: UUID.self)
    }

    static func insertConversation(_ id: UUID, listing: UUID, buyer: UUID, seller: UUID, at now: Date, on db: any Database) async throws {
        try await db.sql.raw("""
            INSERT INTO conversations (id, listing_id, buyer_id, seller_id, buyer_read_seq, seller_read_seq, created_at, last_activity_at)
            VALUES (\(bind: id), \(bind: listing), \(bind: buyer), \(bind: seller), 0, 0, \(bind: now), \(bind: now))
            """).run()
    }

    /// `viewer`'s conversations, newest activity first, from after `cursor`.
    static func conversations(of viewer: UUID, after cursor: PageCursor?, limit: Int, on db: any Database) async throws -> [ConversationRow] {
        let filter: SQLQueryString = cursor.map { "AND \($0.rowsAfter(table: "conversations", alias: "c", time: "last_activity_at"))" } ?? ""
        return try await conversations(of: viewer, where: filter, limit: limit, on: db)
    }

    static func conversation(_ id: UUID, of viewer: UUID, on db: any Database) async throws -> ConversationRow? {
        try await conversations(of: viewer, where: "AND c.id = \(bind: id)", limit: 1, on: db).first
    }

    /// `viewer`'s conversations whose ids begin with `prefix` (the CLI's short ids).
    static func conversations(of viewer: UUID, beginningWith prefix: IDPrefix, limit: Int, on db: any Database) async throws -> [ConversationRow] {
        let range: SQLQueryString = "AND c.id >= \(bind: prefix.range.lowerBound) AND c.id <= \(bind: prefix.range.upperBound)"
        return try await conversations(of: viewer, where: range, limit: limit, on: db)
    }

    /// `viewer`'s conversations matching `filter` (SQL beginning with AND), newest activity first.
    private static func conversations(of viewer: UUID, where filter: SQLQueryString, limit: Int, on db: any Database) async throws -> [ConversationRow] {
        try await db.sql.raw(ConversationRow.query(viewer: viewer, where: filter, limit: limit))
            .all(decoding: ConversationRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    /// Messages from others the user has not read, across all their conversations.
    static func unreadCount(for userID: UUID, on db: any Database) async throws -> Int {
        try await db.sql.raw("""
            SELECT COUNT(*) AS unread FROM messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE m.sender_id <> \(bind: userID) AND (
              (c.buyer_id = \(bind: userID) AND m.seq > c.buyer_read_seq) OR (c.seller_id = \(bind: userID) AND m.seq > c.seller_read_seq))
            """).first(decodingColumn: "unread", as: Int.self) ?? 0
    }

    /// A conversation's messages before `seq` (all when nil), newest first.
    static func messages(in conversationID: UUID, before seq: Int64?, limit: Int, on db: any Database) async throws -> [MessageRow] {
        let before: SQLQueryString = seq.map { "AND m.seq < \(bind: $0)" } ?? ""
        return try await db.sql.raw("""
            \(MessageRow.select) WHERE m.conversation_id = \(bind: conversationID) \(before) ORDER BY m.seq DESC LIMIT \(literal: limit)
            """).all(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    static func message(sender: UUID, clientId: String, on db: any Database) async throws -> MessageRow? {
        try await db.sql.raw("\(MessageRow.select) WHERE m.sender_id = \(bind: sender) AND m.client_id = \(bind: clientId)")
            .first(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }

    /// Stores a message; its place in the conversation (`seq`) comes from the database.
    static func insertMessage(_ id: UUID, _ draft: MessageDraft, in conversationID: UUID, by sender: UUID, at now: Date,
                              on db: any Database) async throws -> Int64 {
        guard let seq = try await db.sql.raw("""
            INSERT INTO messages (id, conversation_id, sender_id, client_id, text, created_at)
            VALUES (\(bind: id), \(bind: conversationID), \(bind: sender), \(bind: draft.clientId), \(bind: draft.text), \(bind: now))
            RETURNING seq
            """).first(decodingColumn: "seq", as: Int64.self) else { throw APIError.conversationNotFound }
        return seq
    }

    /// The conversation's newest message is `seq`, and whoever keeps `readColumn` has read it.
    static func recordLastMessage(_ seq: Int64, in conversationID: UUID, readBy readColumn: String, at now: Date,
                                  on db: any Database) async throws {
        try await db.sql.raw("""
            UPDATE conversations SET last_message_seq = \(bind: seq), last_activity_at = \(bind: now), \(ident: readColumn) = \(bind: seq)
            WHERE id = \(bind: conversationID)
            """).run()
    }

    /// The `seq` and id of message `messageID` of the conversation, or of its newest when nil.
    static func latestMessage(in conversationID: UUID, upTo messageID: UUID?, on db: any Database) async throws -> (seq: Int64, id: UUID)? {
        let target: SQLQueryString = messageID.map { "AND id = \(bind: $0)" } ?? ""
        guard let row = try await db.sql.raw("""
            SELECT seq, id FROM messages WHERE conversation_id = \(bind: conversationID) \(target) ORDER BY seq DESC LIMIT 1
            """).first() else { return nil }
        return (try row.decode(column: "seq", as: Int64.self), try row.decode(column: "id", as: UUID.self))
    }

    /// Moves `readColumn` forward to `seq`; false when it was already there or past it.
    static func moveRead(in conversationID: UUID, of readColumn: String, to seq: Int64, on db: any Database) async throws -> Bool {
        try await !db.sql.raw("""
            UPDATE conversations SET \(ident: readColumn) = \(bind: seq) WHERE id = \(bind: conversationID) AND \(ident: readColumn) < \(bind: seq)
            RETURNING id
            """).all().isEmpty
    }
}
