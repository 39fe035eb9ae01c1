import Foundation
import MarketCore

/// `/api/v1/notifications`: the in-app list, the unread count, marking read.
public enum NotificationEndpoint: Endpoint {
    /// Answers a `NotificationPage`, newest first, with the unread count.
    case list(unreadOnly: Bool = false, PageRequest = .first)
    /// Answers `UnreadCount`.
    case unreadCount
    /// Answers the `MarketNotification`, read.
    case markRead(UUID)
    /// Answers `UnreadCount` (zero).
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
        case .markRead(let id): "notifications/\(id.wireString)/read"
        case .markAllRead: "notifications/read-all"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .list(let unread, let page) = self else { return [] }
        return QueryItems().adding("unread", unread ? "true" : nil).adding(page.queryItems).items
    }
}
