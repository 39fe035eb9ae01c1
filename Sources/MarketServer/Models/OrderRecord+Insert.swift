import Fluent
import Foundation
import SQLKit

/// Orders are made on the hot path of buying and renting, so they are written with one plain
/// INSERT each: Fluent's `create` reflects over every property of the model first.
extension OrderRecord: HandInserted {
    static let insertColumns = ["id", "type", "status", "listing_id", "buyer_id", "seller_id", "fulfillment", "total_cents",
                                "delivery_fee_cents", "currency", "starts_at", "ends_at", "rental_units", "trade_offer_id", "quote_id",
                                "confirmation_code", "code_failures", "code_locked_until", "created_at", "updated_at", "late_at", "deposit_cents"]
    static let notInserted: Set<String> = ["seq"]  // the database numbers rows


    /// Written at the end of the transaction (nothing in it reads the order back). The one
    /// live sale index and the no-overlap constraint still fail it inside the transaction, and a
    /// lost race is still a 409.
    func insert(in tx: WriteTransaction) throws {
        let id = try requireID()
        tx.writeAtCommit("""
            \(Self.insertHead) VALUES (\(bind: id), \(bind: type), \(bind: status), \(bind: $listing.id), \(bind: $buyer.id), \(bind: $seller.id),
              \(bind: fulfillment), \(bind: totalCents), \(bind: deliveryFeeCents), \(bind: currency), \(bind: startsAt),
              \(bind: endsAt), \(bind: rentalUnits), \(bind: tradeOfferID), \(bind: quoteID), \(bind: confirmationCode),
              \(bind: codeFailures), \(bind: codeLockedUntil), \(bind: createdAt), \(bind: updatedAt), \(bind: lateAt), \(bind: depositCents))
            """)
    }
}

extension OrderEventRecord: HandInserted {
    static let insertColumns = ["id", "order_id", "status", "actor_id", "at", "note"]

    /// One history line, written as a plain INSERT.
    static func insert(orderID: UUID, status: String, actorID: UUID?, at: Date, note: String? = nil, in tx: WriteTransaction) {
        tx.insertAtCommit(OrderEventRecord.self, values: "(\(bind: UUID()), \(bind: orderID), \(bind: status), \(bind: actorID), \(bind: at), \(bind: note))")
    }
}
