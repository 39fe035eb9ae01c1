import Fluent
import Foundation
import MarketCore

/// Pending trade offers that can no longer happen because a listing in them left the market
/// (bought, or traded away). They are declined in the transaction that took the listing, and
/// each offerer is told why.
struct PendingTradeOffers: Sendable {
    let notifier: Notifier
    let now: Date

    /// Declines every pending offer for, or offering, any of `listingIDs` (except `kept`).
    func decline(involving listingIDs: [UUID], except kept: UUID? = nil, because reason: String, on db: any Database) async throws {
        let viaItems = try await TradeOfferItemRecord.query(on: db).filter(\.$listing.$id ~~ listingIDs).all().map(\.$offer.id)
        let query = TradeOfferRecord.query(on: db)
            .filter(\.$status == TradeOfferStatus.pending.rawValue)
            .group(.or) { $0.filter(\.$listing.$id ~~ listingIDs).filter(\.$id ~~ viaItems) }
            .with(\.$listing)
        if let kept { query.filter(\.$id != kept) }
        for offer in try await query.all() {
            try await close(offer, to: .declined, kind: .tradeOfferDeclined, notify: offer.$offerer.id,
                            message: "Your trade offer for “\(offer.listing.title)” was declined: \(reason).", on: db)
        }
    }

    /// Moves one offer to `status` and tells `recipient`.
    func close(_ offer: TradeOfferRecord, to status: TradeOfferStatus, kind: NotificationKind, notify recipient: UUID,
               message: String, on db: any Database) async throws {
        offer.status = status.rawValue
        offer.decidedAt = now
        try await offer.save(on: db)
        try await notifier.send(OutgoingNotification(
            userID: recipient, kind: kind, message: message, tradeOfferID: offer.id, listingID: offer.$listing.id), on: db)
    }
}
