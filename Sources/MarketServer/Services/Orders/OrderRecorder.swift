import Fluent
import Foundation
import MarketCore

/// Writes what every order change writes, inside the caller's transaction: the order itself,
/// a history event, and the other party's notification.
struct OrderRecorder: Sendable {
    let notifier: Notifier
    let now: Date

    /// The order is a plain INSERT that nothing in the transaction reads back, so on PostgreSQL it
    /// goes with the transaction's last statement (`writeAtCommit`): one round trip fewer for
    /// every order. The one-live-sale index and the no-overlap constraint still fail it inside
    /// the transaction, and a lost race is still a 409.
    func create(_ order: OrderRecord, by actorID: UUID, notify notification: OutgoingNotification, on db: any Database) async throws {
        let orderID = try order.requireID()
        try await db.writeAtCommit("""
            INSERT INTO orders (id, type, status, listing_id, buyer_id, seller_id, fulfillment, total_cents, delivery_fee_cents, currency,
              starts_at, ends_at, rental_units, trade_offer_id, quote_id, confirmation_code, code_failures, created_at, updated_at)
            VALUES (\(bind: orderID), \(bind: order.type), \(bind: order.status), \(bind: order.$listing.id), \(bind: order.$buyer.id),
              \(bind: order.$seller.id), \(bind: order.fulfillment), \(bind: order.totalCents), \(bind: order.deliveryFeeCents),
              \(bind: order.currency), \(bind: order.startsAt), \(bind: order.endsAt), \(bind: order.rentalUnits), \(bind: order.tradeOfferID),
              \(bind: order.quoteID), \(bind: order.confirmationCode), \(bind: order.codeFailures), \(bind: order.createdAt), \(bind: order.updatedAt))
            """)
        try await OrderEventRecord.insert(orderID: orderID, status: order.status, actorID: actorID, at: now, on: db)
        try await notifier.send(notification, on: db)
    }

    /// Moves `order` to `status` and tells the party who did not make the move.
    func move(_ order: OrderRecord, to status: OrderStatus, by actorID: UUID?, listingTitle: String, on db: any Database) async throws {
        order.status = status.rawValue
        order.updatedAt = now
        try await order.save(on: db)
        let orderID = try order.requireID()
        try await OrderEventRecord.insert(orderID: orderID, status: status.rawValue, actorID: actorID, at: now, on: db)
        let recipient = actorID == order.$buyer.id ? order.$seller.id : order.$buyer.id
        try await notifier.send(OutgoingNotification(
            userID: recipient, kind: .orderStatusChanged,
            message: "The \(order.type) of “\(listingTitle)” is now \(status.rawValue.replacingOccurrences(of: "_", with: " ")).",
            orderID: orderID, listingID: order.$listing.id, orderStatus: status), on: db)
    }
}
