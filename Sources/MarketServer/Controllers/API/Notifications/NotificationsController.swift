import MarketCore
import Vapor

/// `/api/v1/notifications`: the in-app list, the unread count, marking read.
struct NotificationsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let notifications = routes.grouped("notifications")
        notifications.get(use: list)
        notifications.get("unread-count", use: unreadCount)
        notifications.post("read-all", use: readAll)
        notifications.post(":notificationID", "read", use: read)
    }

    func list(req: Request) async throws -> NotificationPage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let unread = query.bool("unread") ?? false
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.notifications.page(for: userID, unreadOnly: unread, limit: limit, after: cursor)
    }

    func unreadCount(req: Request) async throws -> UnreadCount {
        UnreadCount(unreadCount: try await req.domain.notifications.unreadCount(for: try req.requireUserID()))
    }

    func read(req: Request) async throws -> MarketNotification {
        try await req.domain.notifications.markRead(try req.uuidParameter("notificationID"), for: try req.requireUserID())
    }

    func readAll(req: Request) async throws -> UnreadCount {
        let userID = try req.requireUserID()
        try await req.domain.notifications.markAllRead(for: userID)
        return UnreadCount(unreadCount: try await req.domain.notifications.unreadCount(for: userID))
    }
}
