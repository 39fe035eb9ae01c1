import Foundation
import MarketCore
import Observation

/// In-app notifications, newest first, with the unread count for a badge.
@MainActor
@Observable
public final class NotificationsViewModel: ScreenModel {
    public private(set) var notifications = PagedList<MarketNotification>()
    public private(set) var unreadCount = 0
    public var unreadOnly = false
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func refresh() async { await load(after: nil) }

    public func loadMore() async {
        guard let cursor = notifications.nextCursor, !isLoading else { return }
        await load(after: cursor)
    }

    private func load(after cursor: String?) async {
        let page: NotificationPage? = await perform {
            try await client.send(NotificationEndpoint.list(unreadOnly: unreadOnly, PageRequest(limit: 30, cursor: cursor)))
        }
        if let page { unreadCount = notifications.show(page, fetchedAfter: cursor) }
    }

    /// Only the badge (cheap enough to poll).
    public func refreshUnreadCount() async {
        if let count: UnreadCount = try? await client.send(NotificationEndpoint.unreadCount) { unreadCount = count.unreadCount }
    }

    public func markRead(_ notification: MarketNotification) async {
        guard notification.readAt == nil else { return }
        if let read: MarketNotification = await perform({ try await client.send(NotificationEndpoint.markRead(notification.id)) }) {
            notifications.update(read)
            unreadCount = max(0, unreadCount - 1)
        }
    }

    public func markAllRead() async {
        if await perform({ try await client.send(NotificationEndpoint.markAllRead) }) != nil {
            await refresh()
        }
    }
}
