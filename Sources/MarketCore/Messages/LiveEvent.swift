import Foundation

/// The kinds of event `GET /api/v1/events` streams; the SSE `event:` field.
public enum LiveEventKind: String, Codable, Sendable, CaseIterable {
    /// A message in one of my conversations (mine too: my other devices show it).
    case message
    /// Someone read one of my conversations (the other person: "seen"; me: unread counts).
    case conversationRead = "conversation_read"
    /// A new in-app notification (purchase, rental, trade offer, order status).
    case notification
}

/// One event of the stream, decoded. The SSE `id:` is `id`; reconnecting with it as
/// `Last-Event-ID` replays what came after.
public struct LiveEvent: Sendable, Equatable {
    public enum Payload: Sendable, Equatable {
        case message(ConversationMessage)
        case conversationRead(ConversationRead)
        case notification(MarketNotification)
    }

    public var id: Int64
    public var payload: Payload

    public init(id: Int64, payload: Payload) {
        self.id = id
        self.payload = payload
    }

    public var kind: LiveEventKind {
        switch payload {
        case .message: .message
        case .conversationRead: .conversationRead
        case .notification: .notification
        }
    }

    /// Decodes the `data:` of an event of `kind`.
    public init(id: Int64, kind: LiveEventKind, data: Data, decoder: JSONDecoder) throws {
        self.id = id
        switch kind {
        case .message: payload = .message(try decoder.decode(ConversationMessage.self, from: data))
        case .conversationRead: payload = .conversationRead(try decoder.decode(ConversationRead.self, from: data))
        case .notification: payload = .notification(try decoder.decode(MarketNotification.self, from: data))
        }
    }
}
