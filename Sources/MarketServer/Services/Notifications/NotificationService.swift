import Fluent
import Foundation
import MarketCore

/// A user's in-app notifications: the list, the unread count, marking read.
struct NotificationService {
    let database: any Database
    let now: Date

    func page(for userID: UUID, unreadOnly: Bool, limit: Int, after cursor: PageCursor?) async throws -> NotificationPage {
        let query = NotificationRecord.query(on: database).filter(\.$user.$id == userID)
        if unreadOnly { query.filter(\.$readAt == nil) }
        let (rows, next) = try await query.newestFirst(limit: limit, after: cursor)
        return NotificationPage(items: try rows.map(Self.present), nextCursor: next?.token, unreadCount: try await unreadCount(for: userID))
    }

    func unreadCount(for userID: UUID) async throws -> Int {
        try await NotificationRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$readAt == nil).count()
    }

    func markRead(_ id: UUID, for userID: UUID) async throws -> MarketNotification {
        guard let record = try await NotificationRecord.query(on: database)
            .filter(\.$id == id).filter(\.$user.$id == userID).first() else {
            throw APIError(.notFound, code: "notification_not_found", message: "There is no notification of yours with this id.")
        }
        if record.readAt == nil {
            record.readAt = now
            try await record.save(on: database)
        }
        return try Self.present(record)
    }

    func markAllRead(for userID: UUID) async throws {
        try await NotificationRecord.query(on: database)
            .filter(\.$user.$id == userID).filter(\.$readAt == nil)
            .set(\.$readAt, to: now).update()
    }

    static func present(_ record: NotificationRecord) throws -> MarketNotification {
        MarketNotification(
            id: record.id!, kind: try StoredValue.decode(record.kind, column: "notifications.kind"), message: record.phrase.flatMap(Phrase.init(stored:))?.localized ?? record.message,
            orderId: record.orderID, tradeOfferId: record.tradeOfferID, listingId: record.listingID,
            orderStatus: try record.orderStatus.map { try StoredValue.decode($0, column: "notifications.order_status") }, createdAt: record.createdAt, readAt: record.readAt)
    }
}
