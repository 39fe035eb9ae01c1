import Fluent
import Foundation
import MarketCore

/// Trades: an offer of the offerer's own active listings (and optionally cash) for a listing
/// open to trade. Accepting takes every listing involved off the market, makes the trade order
/// and declines the other pending offers that involve any of them — all in one transaction.
struct TradeOfferService {
    let database: any Database
    let writes: WriteTransactions
    let trust: TrustPolicy
    let recorder: OrderRecorder
    let pendingOffers: PendingTradeOffers
    let now: Date

    func offer(for listingID: UUID, _ request: TradeOfferRequest, by offerer: UserRecord) async throws -> TradeOfferRecord {
        try trust.requireVerified(offerer)
        let offererID = try offerer.requireID()
        let draft = try APIError.draft(request.validated())
        let offeredIDs = draft.offeredListingIds
        guard let listing = try await ListingRecord.find(listingID, on: database) else { throw APIError.listingNotFound }
        guard listing.$seller.id != offererID else { throw APIError.ownListing("offer a trade for") }
        guard listing.openToTrade else {
            throw APIError(.conflict, code: "not_open_to_trade", message: "This listing is not open to trades.")
        }
        guard try listing.listingStatus == .active else { throw APIError.listingUnavailable(status: listing.status) }
        let offered = try await ListingRecord.query(on: database).filter(\.$id ~~ offeredIDs).all()
        let usable = try offered.filter { try $0.$seller.id == offererID && $0.listingStatus == .active }
        guard usable.count == offeredIDs.count else {
            throw APIError.validation(["offeredListingIds": "must all be your own active listings"])
        }
        return try await writes.run { tx in
            // Made inside: a body may run twice (`GroupCommit`, a PostgreSQL deadlock), and Fluent
            // refuses to create one model object twice.
            let record = TradeOfferRecord(listingID: listingID, offererID: offererID, sellerID: listing.$seller.id,
                                          cashTopUpCents: draft.cashTopUpCents, currency: listing.currency, now: now)
            try await record.create(on: tx.db)
            for id in offeredIDs { try await TradeOfferItemRecord(offerID: record.requireID(), listingID: id).create(on: tx.db) }
            let things = usable.map { "“\($0.title)”" }.joined(separator: ", ")
            try await recorder.notifier.send(OutgoingNotification(
                userID: listing.$seller.id, kind: .tradeOfferReceived,
                message: "\(offerer.publicName) offers \(things) for “\(listing.title)”.",
                tradeOfferID: record.id, listingID: listingID), in: tx)
            return record
        }
    }

    func accept(_ offerID: UUID, by user: UserRecord) async throws -> TradeOfferRecord {
        let userID = try user.requireID()
        let unlocked = try await offer(offerID, for: userID, as: .seller)
        do {
            return try await writes.run { tx in
                let offeredIDs = try await TradeOfferItemRecord.query(on: tx.db).filter(\.$offer.$id == offerID).all().map(\.$listing.id)
                // Lock in one global order (by id) so two accepts sharing listings cannot deadlock.
                let ids = ([unlocked.$listing.id] + offeredIDs).sorted { $0.uuidString < $1.uuidString }
                var listings: [UUID: ListingRow] = [:]
                for id in ids { listings[id] = try await tx.lockListing(id) }
                guard let offer = try await TradeOfferRecord.find(offerID, on: tx.db), try offer.offerStatus == .pending else {
                    throw Self.notPending(unlocked)
                }
                for id in ids {
                    let owner = id == offer.$listing.id ? offer.$seller.id : offer.$offerer.id
                    guard let listing = listings[id], try listing.listingStatus == .active, listing.sellerID == owner else {
                        throw APIError.listingUnavailable("“\(listings[id]?.title ?? "A listing")” in this offer is no longer available.")
                    }
                }
                let target = listings[offer.$listing.id]!  // checked just above
                try await ListingRecord.query(on: tx.db).filter(\.$id ~~ ids)
                    .set(\.$status, to: ListingStatus.reserved.rawValue).set(\.$updatedAt, to: now).update()
                offer.status = TradeOfferStatus.accepted.rawValue
                offer.decidedAt = now
                try await offer.save(on: tx.db)
                let order = OrderRecord(type: .trade, listingID: offer.$listing.id, buyerID: offer.$offerer.id, sellerID: offer.$seller.id,
                                  fulfillment: .pickup, totalCents: Int(offer.cashTopUpCents), currency: offer.currency,
                                  status: .accepted, now: now)
                order.tradeOfferID = offerID
                try await recorder.create(order, by: userID, notify: OutgoingNotification(
                    userID: offer.$offerer.id, kind: .tradeOfferAccepted,
                    message: "\(user.publicName) accepted your trade offer for “\(target.title)”.",
                    orderID: order.id, tradeOfferID: offerID, listingID: offer.$listing.id), in: tx)
                try await pendingOffers.decline(involving: ids, except: offerID, because: "a listing in it was traded", in: tx)
                return offer
            }
        } catch where DatabaseConflict.isConflict(error) {
            throw APIError.listingUnavailable()
        }
    }

    func decline(_ offerID: UUID, by user: UserRecord) async throws -> TradeOfferRecord {
        try await close(offerID, by: user, as: .seller, to: .declined, kind: .tradeOfferDeclined, said: { "\($0) declined the trade offer for “\($1)”." })
    }

    func withdraw(_ offerID: UUID, by user: UserRecord) async throws -> TradeOfferRecord {
        try await close(offerID, by: user, as: .buyer, to: .withdrawn, kind: .tradeOfferWithdrawn, said: { "\($0) withdrew the trade offer for “\($1)”." })
    }

    /// Withdraws or declines every pending offer `userID` made or received (account deletion).
    func closeAll(of userID: UUID, in tx: WriteTransaction) async throws {
        let pending = try await TradeOfferRecord.query(on: tx.db)
            .group(.or) { $0.filter(\.$offerer.$id == userID).filter(\.$seller.$id == userID) }
            .filter(\.$status == TradeOfferStatus.pending.rawValue).with(\.$listing).all()
        for offer in pending {
            let made = offer.$offerer.id == userID
            try await pendingOffers.close(try offer.requireID(), listingID: offer.$listing.id, to: made ? .withdrawn : .declined,
                             kind: made ? .tradeOfferWithdrawn : .tradeOfferDeclined, notify: made ? offer.$seller.id : offer.$offerer.id,
                             message: "A trade offer for “\(offer.listing.title)” was closed because an account was deleted.", in: tx)
        }
    }

    /// The offer when `userID` is on the given side of it; 404 to strangers, 403 to the other side.
    func offer(_ offerID: UUID, for userID: UUID, as role: OrderRole? = nil) async throws -> TradeOfferRecord {
        guard let offer = try await TradeOfferRecord.find(offerID, on: database),
              offer.$offerer.id == userID || offer.$seller.id == userID else {
            throw APIError(.notFound, code: "trade_offer_not_found", message: "There is no trade offer of yours with this id.")
        }
        if let role, (role == .seller) != (offer.$seller.id == userID) {
            throw APIError.notYourStep(role == .seller ? "Only the listing's seller can decide on this offer." : "Only the person who made this offer can withdraw it.")
        }
        return offer
    }

    private func close(_ offerID: UUID, by user: UserRecord, as role: OrderRole, to status: TradeOfferStatus,
                       kind: NotificationKind, said message: @escaping @Sendable (String, String) -> Phrase) async throws -> TradeOfferRecord {
        let userID = try user.requireID()
        let unlocked = try await offer(offerID, for: userID, as: role)
        return try await writes.run { tx in
            _ = try await tx.lockListing(unlocked.$listing.id)
            guard let offer = try await TradeOfferRecord.query(on: tx.db).filter(\.$id == offerID).with(\.$listing).first(),
                  try offer.offerStatus == .pending else { throw Self.notPending(unlocked) }
            let recipient = role == .seller ? offer.$offerer.id : offer.$seller.id
            try await pendingOffers.close(offerID, listingID: offer.$listing.id, to: status, kind: kind, notify: recipient,
                             message: message(user.publicName, offer.listing.title), in: tx)
            offer.status = status.rawValue
            offer.decidedAt = now
            return offer
        }
    }

    private static func notPending(_ offer: TradeOfferRecord) -> APIError {
        APIError(.conflict, code: "offer_closed", message: "This trade offer is no longer pending.")
    }
}
