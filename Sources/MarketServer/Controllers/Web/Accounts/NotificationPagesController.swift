import Foundation
import MarketCore
import Vapor

/// `/notifications`: newest first, each linking to what it is about; mark one or all read.
struct NotificationPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("notifications", use: list)
        routes.post("notifications", "read-all", use: readAll)
        routes.post("notifications", ":notificationID", "read", use: read)
    }

    struct Item: Encodable { var id: String; var message: String; var when: String; var unread: Bool; var link: String? }
    struct Content: Encodable { var items: [Item]; var unread: Int; var moreHref: String? }

    func list(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let services = req.domain
        let page = try await services.notifications.page(for: session.userID, unreadOnly: false, limit: 50, after: reader.cursor())
        let items = page.items.map { note in
            Item(id: note.id.wireString, message: note.message, when: req.localTime.ago(note.createdAt, now: services.now).localized,
                 unread: note.readAt == nil, link: Self.link(note))
        }
        return try await req.renderPage("notifications", title: "Notifications",
                                        Content(items: items, unread: page.unreadCount, moreHref: page.nextCursor.map { "/notifications?cursor=\($0)" }))
    }

    static func link(_ note: MarketNotification) -> String? {
        if let order = note.orderId { return "/orders/\(order.wireString)" }
        if note.tradeOfferId != nil { return note.kind == .tradeOfferReceived ? "/offers" : "/offers?box=sent" }
        return note.listingId.map { "/listings/\($0.wireString)" }
    }

    func read(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let note = try await req.domain.notifications.markRead(try req.uuidParameter("notificationID"), for: session.userID)
        return req.seeOther(Self.link(note) ?? "/notifications")
    }

    func readAll(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try await req.domain.notifications.markAllRead(for: session.userID)
        return req.seeOther("/notifications", notice: .notificationsRead)
    }
}
