import Foundation

/// One message in a conversation. A deleted sender keeps their messages, under the name
/// every deleted account shows.
public struct ConversationMessage: Codable, Sendable, Equatable, Identifiable, Hashable {
    public var id: UUID
    public var conversationId: UUID
    public var senderId: UUID
    public var senderName: String
    public var text: String
    /// The sender's own key for this message, when it sent one (a retried send reuses it).
    public var clientId: String?
    public var sentAt: Date

    public init(id: UUID, conversationId: UUID, senderId: UUID, senderName: String, text: String, clientId: String?, sentAt: Date) {
        self.id = id
        self.conversationId = conversationId
        self.senderId = senderId
        self.senderName = senderName
        self.text = text
        self.clientId = clientId
        self.sentAt = sentAt
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(conversationId, forKey: .conversationId)
        try container.encode(senderId, forKey: .senderId)
        try container.encode(senderName, forKey: .senderName)
        try container.encode(text, forKey: .text)
        try container.encode(clientId, forKey: .clientId)
        try container.encode(sentAt, forKey: .sentAt)
    }
}

/// `GET /api/v1/conversations/{id}/messages`: newest first; `nextCursor` pages further back.
public typealias MessagePage = Page<ConversationMessage>

/// Someone read a conversation up to a message (the `conversation_read` event and the answer
/// to `POST …/read`).
public struct ConversationRead: Codable, Sendable, Equatable {
    public var conversationId: UUID
    public var readerId: UUID
    public var upTo: UUID
    public var readAt: Date

    public init(conversationId: UUID, readerId: UUID, upTo: UUID, readAt: Date) {
        self.conversationId = conversationId
        self.readerId = readerId
        self.upTo = upTo
        self.readAt = readAt
    }
}
