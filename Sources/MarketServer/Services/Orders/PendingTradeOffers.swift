import Fluent
import Foundation
import MarketCore
import SQLKit

/// Pending trade offers that can no longer happen because a listing in them left the market
/// (bought, or traded away). They are declined in the transaction that took the listing, and
/// each offerer is told why.
struct PendingTradeOffers: Sendable {
    let notifier: Notifier
    let now: Date

    /// Declines every pending offer for, or offering, any of `listingIDs` (except `kept`). One
    /// query finds them (usually none: this runs on every purchase).
    func decline(involving listingIDs: [UUID], except kept: UUID? = nil, because reason: Phrase, in tx: WriteTransaction) async throws {
        let rows = try await tx.db.prepared("""
            SELECT o.id, o.offerer_id, o.listing_id, l.title FROM trade_offers o JOIN listings l ON l.id = o.listing_id
            WHERE o.status = \(bind: TradeOfferStatus.pending.rawValue)
              AND (o.listing_id IN (\(binds: listingIDs))
                   OR o.id IN (SELECT offer_id FROM trade_offer_items WHERE listing_id IN (\(binds: listingIDs))))
            """).all()
        for row in rows {
            let offerID = try row.decode(column: "id", as: UUID.self)
            guard offerID != kept else { continue }
            let title = try row.decode(column: "title", as: String.self)
            try await close(offerID, listingID: try row.decode(column: "listing_id", as: UUID.self), to: .declined,
                            kind: .tradeOfferDeclined, notify: try row.decode(column: "offerer_id", as: UUID.self),
                            message: "Your trade offer for “\(title)” was declined: \(reason).", in: tx)
        }
    }

    /// Whether a pending offer is for, or offers, the listing whose id is `listing` (a column),
    /// as a boolean SQL expression: what `decline` would find for that one listing.
    static func involvingCondition(listing: String) -> SQLQueryString {
        let pending = TradeOfferStatus.pending.rawValue
        return """
            (EXISTS (SELECT 1 FROM trade_offers o WHERE o.listing_id = \(unsafeRaw: listing) AND o.status = \(bind: pending))
             OR EXISTS (SELECT 1 FROM trade_offer_items i JOIN trade_offers o ON o.id = i.offer_id
                        WHERE i.listing_id = \(unsafeRaw: listing) AND o.status = \(bind: pending)))
            """
    }

    /// Moves one offer to `status` and tells `recipient`.
    func close(_ offerID: UUID, listingID: UUID, to status: TradeOfferStatus, kind: NotificationKind, notify recipient: UUID,
               message: Phrase, in tx: WriteTransaction) async throws {
        try await tx.sql.raw("""
            UPDATE trade_offers SET status = \(bind: status.rawValue), decided_at = \(bind: now) WHERE id = \(bind: offerID)
            """).run()
        try await notifier.send(OutgoingNotification(
            userID: recipient, kind: kind, message: message, tradeOfferID: offerID, listingID: listingID), in: tx)
    }
}
