import Foundation
import MarketCore
import SQLKit

/// A message row with its sender's name.
struct MessageRow: Decodable, Sendable {
    var seq: Int64
    var id: UUID
    var conversationId: UUID
    var senderId: UUID
    var senderName: String?
    var clientId: String?
    var text: String
    var createdAt: Date

    static let select: SQLQueryString = """
        SELECT m.seq, m.id, m.conversation_id, m.sender_id, u.public_name AS sender_name, m.client_id, m.text, m.created_at
        FROM messages m LEFT JOIN users u ON u.id = m.sender_id
        """

    var message: ConversationMessage {
        ConversationMessage(id: id, conversationId: conversationId, senderId: senderId,
                            senderName: senderName ?? AccountRules.deletedUserName, text: text, clientId: clientId, sentAt: createdAt)
    }
}
