import Foundation
import MarketCore
import Observation

/// In-app notifications, newest first, with the unread count for a badge.
@MainActor
@Observable
public final class NotificationsViewModel: PagedScreen {
    public private(set) var notifications = PagedList<MarketNotification>()
    public private(set) var unreadCount = 0
    public var unreadOnly = false
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load(more: Bool) async {
        let page = await loadPage(into: \.notifications, more: more, limit: 30) {
            try await client.send(NotificationEndpoint.list(unreadOnly: unreadOnly, $0)) as NotificationPage
        }
        if let page { unreadCount = page.unreadCount }
    }

    /// Only the badge (cheap enough to poll).
    public func refreshUnreadCount() async {
        if let count: UnreadCount = try? await client.send(NotificationEndpoint.unreadCount) { unreadCount = count.unreadCount }
    }

    /// Marks `notification` read (offline: here at once, on the server once it can be reached).
    public func markRead(_ notification: MarketNotification) async {
        guard notification.readAt == nil else { return }
        let delivery = await perform {
            try await client.sendOrKeep(NotificationEndpoint.markRead(notification.id), as: MarketNotification.self, summary: "Mark read: \(notification.message)")
        }
        switch delivery {
        case .sent(let read)?: notifications.update(read)
        case .waiting?:
            var read = notification
            read.readAt = Date()
            notifications.update(read)
        case nil: return
        }
        unreadCount = max(0, unreadCount - 1)
    }

    /// Marks every notification read (offline: on the server once it can be reached).
    public func markAllRead() async {
        guard let waiting = await perform({ try await client.sendOrKeep(NotificationEndpoint.markAllRead, summary: "Mark all read") }) else { return }
        if waiting == nil { await refresh() } else { unreadCount = 0 }
    }
}
