import Foundation
import MarketCore

/// `/api/v1/conversations` and the two ways to open one.
public enum ConversationEndpoint: Endpoint {
    /// Answers the `Conversation` about a listing with its seller (201 new, 200 existing).
    case openAboutListing(UUID)
    /// Answers the `Conversation` between an order's buyer and seller.
    case openForOrder(UUID)
    /// Answers a `ConversationPage`, newest activity first, with the unread total.
    case list(PageRequest = .first)
    /// Answers the `Conversation`.
    case show(UUID)
    /// The one conversation of mine whose id begins with these digits.
    case find(IDPrefix)
    /// Answers a `MessagePage`, newest first.
    case messages(UUID, PageRequest = .first)
    /// Answers the stored `ConversationMessage` (the earlier one when `clientId` was sent before).
    case send(UUID, SendMessageRequest)
    /// Answers the `Conversation`, read.
    case markRead(UUID, MarkReadRequest = MarkReadRequest())

    public var method: String {
        switch self {
        case .list, .show, .find, .messages: "GET"
        case .openAboutListing, .openForOrder, .send, .markRead: "POST"
        }
    }

    public var path: String {
        switch self {
        case .openAboutListing(let id): "listings/\(id.wireString)/conversations"
        case .openForOrder(let id): "orders/\(id.wireString)/conversation"
        case .list: "conversations"
        case .show(let id): "conversations/\(id.wireString)"
        case .find(let prefix): "conversations/\(prefix.digits)"
        case .messages(let id, _), .send(let id, _): "conversations/\(id.wireString)/messages"
        case .markRead(let id, _): "conversations/\(id.wireString)/read"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .send(_, let request): request
        case .markRead(_, let request): request
        default: nil
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .list(let page), .messages(_, let page): page.queryItems
        default: []
        }
    }
}
