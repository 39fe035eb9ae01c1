import Fluent
import Foundation
import MarketCore

/// Writes what every order change writes, inside the caller's transaction: the order itself,
/// a history event, and the other party's notification.
struct OrderRecorder: Sendable {
    let notifier: Notifier
    let now: Date

    func create(_ order: OrderRecord, by actorID: UUID, notify notification: OutgoingNotification, on db: any Database) async throws {
        try await order.create(on: db)
        try await OrderEventRecord(orderID: order.requireID(), status: try order.orderStatus, actorID: actorID, at: now).create(on: db)
        try await notifier.send(notification, on: db)
    }

    /// Moves `order` to `status` and tells the party who did not make the move.
    func move(_ order: OrderRecord, to status: OrderStatus, by actorID: UUID?, listingTitle: String, on db: any Database) async throws {
        order.status = status.rawValue
        order.updatedAt = now
        try await order.save(on: db)
        let orderID = try order.requireID()
        try await OrderEventRecord(orderID: orderID, status: status, actorID: actorID, at: now).create(on: db)
        let recipient = actorID == order.$buyer.id ? order.$seller.id : order.$buyer.id
        try await notifier.send(OutgoingNotification(
            userID: recipient, kind: .orderStatusChanged,
            message: "The \(order.type) of “\(listingTitle)” is now \(status.rawValue.replacingOccurrences(of: "_", with: " ")).",
            orderID: orderID, listingID: order.$listing.id, orderStatus: status), on: db)
    }
}

/// What an order held goes back to the market when it is declined or cancelled, and leaves it
/// for good when it completes. Rentals hold only their period, which the status releases.
enum OrderListings {
    /// The listings an order moves: the one bought, or every listing of a trade.
    static func ids(of order: OrderRecord, on db: any Database) async throws -> [UUID] {
        guard try order.orderType == .trade, let offerID = order.tradeOfferID else {
            return try order.orderType == .rental ? [] : [order.$listing.id]
        }
        let offered = try await TradeOfferItemRecord.query(on: db).filter(\.$offer.$id == offerID).all().map(\.$listing.id)
        return [order.$listing.id] + offered
    }

    static func release(_ order: OrderRecord, now: Date, on db: any Database) async throws {
        try await set(order, from: .reserved, to: .active, now: now, on: db)
    }

    static func markSold(_ order: OrderRecord, now: Date, on db: any Database) async throws {
        try await set(order, from: .reserved, to: .sold, now: now, on: db)
    }

    private static func set(_ order: OrderRecord, from: ListingStatus, to: ListingStatus, now: Date, on db: any Database) async throws {
        let ids = try await ids(of: order, on: db)
        guard !ids.isEmpty else { return }
        try await ListingRecord.query(on: db)
            .filter(\.$id ~~ ids).filter(\.$status == from.rawValue)
            .set(\.$status, to: to.rawValue).set(\.$updatedAt, to: now)
            .update()
    }
}
