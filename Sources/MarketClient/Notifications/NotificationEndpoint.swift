import Foundation
import MarketCore

/// `/api/v1/notifications`: the in-app list, the unread count, marking read.
public enum NotificationEndpoint: Endpoint {
    case list(unreadOnly: Bool = false, cursor: String? = nil)
    case unreadCount
    case markRead(UUID)
    case markAllRead

    public var method: String {
        switch self {
        case .list, .unreadCount: "GET"
        case .markRead, .markAllRead: "POST"
        }
    }

    public var path: String {
        switch self {
        case .list: "notifications"
        case .unreadCount: "notifications/unread-count"
        case .markRead(let id): "notifications/\(id.uuidString.lowercased())/read"
        case .markAllRead: "notifications/read-all"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .list(let unread, let cursor) = self else { return [] }
        return (unread ? [URLQueryItem(name: "unread", value: "true")] : []) + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
    }
}
