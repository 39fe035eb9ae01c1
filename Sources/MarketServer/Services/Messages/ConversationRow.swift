import Foundation
import MarketCore
import SQLKit

/// A conversation as one viewer sees it, read in one query: the listing, the other person,
/// the last message, the viewer's unread count, how far the other side has read, and whether
/// either side blocked the other.
struct ConversationRow: Decodable, Sendable {
    var seq: Int64
    var id: UUID
    var listingId: UUID
    var buyerId: UUID
    var sellerId: UUID
    var createdAt: Date
    var lastActivityAt: Date
    var listingTitle: String
    var listingStatus: String
    var otherName: String
    var otherSuspendedAt: Date?
    var lastId: UUID?
    var lastSenderId: UUID?
    var lastSenderName: String?
    var lastText: String?
    var lastClientId: String?
    var lastSentAt: Date?
    var unread: Int64
    var otherReadUpTo: UUID?
    var blocked: Bool

    /// Every conversation of `viewer` matching `filter`, newest activity first.
    static func query(viewer: UUID, where filter: SQLQueryString, limit: Int) -> SQLQueryString {
        let mine: SQLQueryString = "CASE WHEN c.buyer_id = \(bind: viewer) THEN c.buyer_read_seq ELSE c.seller_read_seq END"
        let theirs: SQLQueryString = "CASE WHEN c.buyer_id = \(bind: viewer) THEN c.seller_read_seq ELSE c.buyer_read_seq END"
        return """
            SELECT c.seq, c.id, c.listing_id, c.buyer_id, c.seller_id, c.created_at, c.last_activity_at,
              l.title AS listing_title, l.status AS listing_status, o.public_name AS other_name, o.suspended_at AS other_suspended_at,
              m.id AS last_id, m.sender_id AS last_sender_id, sm.public_name AS last_sender_name, m.text AS last_text,
              m.client_id AS last_client_id, m.created_at AS last_sent_at,
              (SELECT COUNT(*) FROM messages u WHERE u.conversation_id = c.id AND u.sender_id <> \(bind: viewer)
                 AND u.seq > \(mine)) AS unread,
              (SELECT r.id FROM messages r WHERE r.conversation_id = c.id AND r.sender_id = \(bind: viewer)
                 AND r.seq <= \(theirs) ORDER BY r.seq DESC LIMIT 1) AS other_read_up_to,
              EXISTS (SELECT 1 FROM user_blocks b WHERE (b.blocker_id = c.buyer_id AND b.blocked_id = c.seller_id)
                 OR (b.blocker_id = c.seller_id AND b.blocked_id = c.buyer_id)) AS blocked
            FROM conversations c
            JOIN listings l ON l.id = c.listing_id
            JOIN users o ON o.id = CASE WHEN c.buyer_id = \(bind: viewer) THEN c.seller_id ELSE c.buyer_id END
            LEFT JOIN messages m ON m.seq = c.last_message_seq
            LEFT JOIN users sm ON sm.id = m.sender_id
            WHERE (c.buyer_id = \(bind: viewer) OR c.seller_id = \(bind: viewer)) \(filter)
            ORDER BY c.last_activity_at DESC, c.seq DESC
            LIMIT \(literal: limit)
            """
    }

    func present(viewer: UUID) throws -> Conversation {
        let lastMessage = try lastId.map { id -> ConversationMessage in
            guard let lastSenderId, let lastText, let lastSentAt else {
                throw UnknownStoredValue(column: "conversations.last_message_seq", value: id.wireString, type: "message")
            }
            return MessageRow(seq: 0, id: id, conversationId: self.id, senderId: lastSenderId, senderName: lastSenderName,
                              clientId: lastClientId, text: lastText, createdAt: lastSentAt).message
        }
        let isSeller = sellerId == viewer
        return Conversation(
            id: id,
            listing: ConversationListing(id: listingId, title: listingTitle,
                                         status: try StoredValue.decode(listingStatus, column: "listings.status")),
            otherUser: ConversationPerson(id: isSeller ? buyerId : sellerId, name: otherName, suspended: otherSuspendedAt != nil), isSeller: isSeller,
            lastMessage: lastMessage, unreadCount: Int(unread), otherReadUpTo: otherReadUpTo, blocked: blocked,
            createdAt: createdAt, lastActivityAt: lastActivityAt)
    }
}
