import Fluent
import Foundation
import MarketCore

/// Writes what every order change writes, inside the caller's transaction: the order itself,
/// a history event, and the other party's notification.
struct OrderRecorder: Sendable {
    let notifier: Notifier
    let now: Date

    func create(_ order: OrderRecord, by actorID: UUID, notify notification: OutgoingNotification, in tx: WriteTransaction) async throws {
        try order.insert(in: tx)
        OrderEventRecord.insert(orderID: try order.requireID(), status: order.status, actorID: actorID, at: now, in: tx)
        try await notifier.send(notification, in: tx)
    }

    /// "The purchase of “Desk lamp” is now: Accepted."
    static func news(of order: OrderRecord, listingTitle: String, now status: OrderStatus) -> Phrase {
        switch order.type {
        case OrderType.rental.rawValue: "The rental of “\(listingTitle)” is now: \(status.label)."
        case OrderType.trade.rawValue: "The trade for “\(listingTitle)” is now: \(status.label)."
        default: "The purchase of “\(listingTitle)” is now: \(status.label)."
        }
    }

    /// Moves `order` to `status` and tells the party who did not make the move.
    func move(_ order: OrderRecord, to status: OrderStatus, by actorID: UUID?, listingTitle: String, in tx: WriteTransaction) async throws {
        order.status = status.rawValue
        order.updatedAt = now
        try await order.save(on: tx.db)
        let orderID = try order.requireID()
        OrderEventRecord.insert(orderID: orderID, status: status.rawValue, actorID: actorID, at: now, in: tx)
        try await notifier.send(OutgoingNotification(
            userID: Self.otherParty(of: order, than: actorID), kind: .orderStatusChanged,
            message: Self.news(of: order, listingTitle: listingTitle, now: status),
            orderID: orderID, listingID: order.$listing.id, orderStatus: status), in: tx)
    }

    /// A step that leaves the status as it is (a meetup proposed, a rental flagged late): the
    /// order's time, a history line saying what happened, and the notifications.
    func note(_ order: OrderRecord, _ note: String, by actorID: UUID?, notify notifications: [OutgoingNotification],
              in tx: WriteTransaction) async throws {
        order.updatedAt = now
        try await order.save(on: tx.db)
        OrderEventRecord.insert(orderID: try order.requireID(), status: order.status, actorID: actorID, at: now, note: note, in: tx)
        for notification in notifications { try await notifier.send(notification, in: tx) }
    }

    /// The party who did not take the step (the buyer, when no one took it).
    static func otherParty(of order: OrderRecord, than actorID: UUID?) -> UUID {
        actorID == order.$buyer.id ? order.$seller.id : order.$buyer.id
    }
}
