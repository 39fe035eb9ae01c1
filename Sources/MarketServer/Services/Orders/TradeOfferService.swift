import Fluent
import Foundation
import MarketCore

/// Trades: an offer of the offerer's own active listings (and optionally cash) for a listing
/// open to trade. Accepting takes every listing involved off the market, makes the trade order
/// and declines the other pending offers that involve any of them — all in one transaction.
struct TradeOfferService {
    let database: any Database
    let writes: WriteTransactions
    let recorder: OrderRecorder
    let now: Date

    func offer(for listingID: UUID, _ request: TradeOfferRequest, by offerer: User) async throws -> TradeOfferRecord {
        let offererID = try offerer.requireID()
        let offeredIDs = try validated(request)
        guard let listing = try await Listing.find(listingID, on: database) else { throw OrderErrors.listingNotFound }
        guard listing.$seller.id != offererID else {
            throw APIError(.forbidden, code: "own_listing", message: "You cannot offer a trade for your own listing.")
        }
        guard listing.openToTrade else {
            throw APIError(.conflict, code: "not_open_to_trade", message: "This listing is not open to trades.")
        }
        guard listing.listingStatus == .active else { throw OrderErrors.unavailable(listing) }
        let offered = try await Listing.query(on: database).filter(\.$id ~~ offeredIDs).all()
        let usable = offered.filter { $0.$seller.id == offererID && $0.listingStatus == .active }
        guard usable.count == offeredIDs.count else {
            throw APIError.validation(["offeredListingIds": "must all be your own active listings"])
        }
        let record = TradeOfferRecord(listingID: listingID, offererID: offererID, sellerID: listing.$seller.id,
                                      cashTopUpCents: request.cashTopUpCents ?? 0, currency: listing.currency, now: now)
        try await writes.run { db in
            try await record.create(on: db)
            for id in offeredIDs { try await TradeOfferItem(offerID: record.requireID(), listingID: id).create(on: db) }
            let things = usable.map { "“\($0.title)”" }.joined(separator: ", ")
            try await recorder.notifier.send(OutgoingNotification(
                userID: listing.$seller.id, kind: .tradeOfferReceived,
                message: "\(offerer.name) offers \(things) for “\(listing.title)”.",
                tradeOfferID: record.id, listingID: listingID), on: db)
        }
        return record
    }

    func accept(_ offerID: UUID, by user: User) async throws -> TradeOfferRecord {
        let userID = try user.requireID()
        let unlocked = try await offer(offerID, for: userID, as: .seller)
        do {
            return try await writes.run { db in
                let offeredIDs = try await TradeOfferItem.query(on: db).filter(\.$offer.$id == offerID).all().map(\.$listing.id)
                // Lock in one global order (by id) so two accepts sharing listings cannot deadlock.
                let ids = ([unlocked.$listing.id] + offeredIDs).sorted { $0.uuidString < $1.uuidString }
                var listings: [UUID: Listing] = [:]
                for id in ids { listings[id] = try await ListingLock.lock(id, on: db) }
                guard let offer = try await TradeOfferRecord.find(offerID, on: db), offer.offerStatus == .pending else {
                    throw Self.notPending(unlocked)
                }
                for id in ids {
                    let owner = id == offer.$listing.id ? offer.$seller.id : offer.$offerer.id
                    guard let listing = listings[id], listing.listingStatus == .active, listing.$seller.id == owner else {
                        throw APIError(.conflict, code: "listing_unavailable",
                                       message: "“\(listings[id]?.title ?? "A listing")” in this offer is no longer available.")
                    }
                }
                let target = listings[offer.$listing.id]!  // checked just above
                try await Listing.query(on: db).filter(\.$id ~~ ids)
                    .set(\.$status, to: ListingStatus.reserved.rawValue).set(\.$updatedAt, to: now).update()
                offer.status = TradeOfferStatus.accepted.rawValue
                offer.decidedAt = now
                try await offer.save(on: db)
                let order = Order(type: .trade, listingID: offer.$listing.id, buyerID: offer.$offerer.id, sellerID: offer.$seller.id,
                                  fulfillment: .pickup, totalCents: Int(offer.cashTopUpCents), currency: offer.currency,
                                  status: .accepted, now: now)
                order.tradeOfferID = offerID
                try await recorder.create(order, by: userID, notify: OutgoingNotification(
                    userID: offer.$offerer.id, kind: .tradeOfferAccepted,
                    message: "\(user.name) accepted your trade offer for “\(target.title)”.",
                    orderID: order.id, tradeOfferID: offerID, listingID: offer.$listing.id), on: db)
                try await declineOthers(involving: ids, except: offerID, on: db)
                return offer
            }
        } catch where DatabaseConflict.isConflict(error) {
            throw APIError(.conflict, code: "listing_unavailable", message: "This listing is already reserved or sold.")
        }
    }

    func decline(_ offerID: UUID, by user: User) async throws -> TradeOfferRecord {
        try await close(offerID, by: user, as: .seller, to: .declined, kind: .tradeOfferDeclined, verb: "declined")
    }

    func withdraw(_ offerID: UUID, by user: User) async throws -> TradeOfferRecord {
        try await close(offerID, by: user, as: .buyer, to: .withdrawn, kind: .tradeOfferWithdrawn, verb: "withdrew")
    }

    /// Withdraws or declines every pending offer `userID` made or received (account deletion).
    func closeAll(of userID: UUID, on db: any Database) async throws {
        let pending = try await TradeOfferRecord.query(on: db)
            .group(.or) { $0.filter(\.$offerer.$id == userID).filter(\.$seller.$id == userID) }
            .filter(\.$status == TradeOfferStatus.pending.rawValue).with(\.$listing).all()
        for offer in pending {
            let made = offer.$offerer.id == userID
            try await finish(offer, to: made ? .withdrawn : .declined, kind: made ? .tradeOfferWithdrawn : .tradeOfferDeclined,
                             notify: made ? offer.$seller.id : offer.$offerer.id,
                             message: "A trade offer for “\(offer.listing.title)” was closed because an account was deleted.", on: db)
        }
    }

    /// The offer when `userID` is on the given side of it; 404 to strangers, 403 to the other side.
    func offer(_ offerID: UUID, for userID: UUID, as role: OrderRole? = nil) async throws -> TradeOfferRecord {
        guard let offer = try await TradeOfferRecord.find(offerID, on: database),
              offer.$offerer.id == userID || offer.$seller.id == userID else {
            throw APIError(.notFound, code: "trade_offer_not_found", message: "There is no trade offer of yours with this id.")
        }
        if let role, (role == .seller) != (offer.$seller.id == userID) {
            throw APIError(.forbidden, code: "not_your_step",
                           message: role == .seller ? "Only the listing's seller can decide on this offer." : "Only the person who made this offer can withdraw it.")
        }
        return offer
    }

    private func close(_ offerID: UUID, by user: User, as role: OrderRole, to status: TradeOfferStatus,
                       kind: NotificationKind, verb: String) async throws -> TradeOfferRecord {
        let userID = try user.requireID()
        let unlocked = try await offer(offerID, for: userID, as: role)
        return try await writes.run { db in
            _ = try await ListingLock.lock(unlocked.$listing.id, on: db)
            guard let offer = try await TradeOfferRecord.query(on: db).filter(\.$id == offerID).with(\.$listing).first(),
                  offer.offerStatus == .pending else { throw Self.notPending(unlocked) }
            let recipient = role == .seller ? offer.$offerer.id : offer.$seller.id
            try await finish(offer, to: status, kind: kind, notify: recipient,
                             message: "\(user.name) \(verb) the trade offer for “\(offer.listing.title)”.", on: db)
            return offer
        }
    }

    private func finish(_ offer: TradeOfferRecord, to status: TradeOfferStatus, kind: NotificationKind, notify recipient: UUID,
                        message: String, on db: any Database) async throws {
        offer.status = status.rawValue
        offer.decidedAt = now
        try await offer.save(on: db)
        try await recorder.notifier.send(OutgoingNotification(
            userID: recipient, kind: kind, message: message, tradeOfferID: offer.id, listingID: offer.$listing.id), on: db)
    }

    /// Other pending offers for, or offering, any of the traded listings can no longer happen.
    private func declineOthers(involving listingIDs: [UUID], except offerID: UUID, on db: any Database) async throws {
        let viaItems = try await TradeOfferItem.query(on: db).filter(\.$listing.$id ~~ listingIDs).all().map(\.$offer.id)
        let others = try await TradeOfferRecord.query(on: db)
            .filter(\.$status == TradeOfferStatus.pending.rawValue).filter(\.$id != offerID)
            .group(.or) { $0.filter(\.$listing.$id ~~ listingIDs).filter(\.$id ~~ viaItems) }
            .with(\.$listing).all()
        for other in others {
            try await finish(other, to: .declined, kind: .tradeOfferDeclined, notify: other.$offerer.id,
                             message: "Your trade offer for “\(other.listing.title)” was declined: a listing in it was traded.", on: db)
        }
    }

    private func validated(_ request: TradeOfferRequest) throws -> [UUID] {
        var errors = FieldErrors()
        let ids = request.offeredListingIds ?? []
        if ids.isEmpty {
            errors.note("offeredListingIds", "must name at least one of your listings")
        } else if ids.count > TradeOfferRequest.maxOfferedListings {
            errors.note("offeredListingIds", "may name at most \(TradeOfferRequest.maxOfferedListings) listings")
        } else if Set(ids).count != ids.count {
            errors.note("offeredListingIds", "must not name a listing twice")
        }
        if let cash = request.cashTopUpCents, cash < 0 || cash > Money.maxMinorUnits {
            errors.note("cashTopUpCents", "must be from 0 to \(Money.maxMinorUnits)")
        }
        try APIError.check(errors)
        return ids
    }

    private static func notPending(_ offer: TradeOfferRecord) -> APIError {
        APIError(.conflict, code: "offer_closed", message: "This trade offer is no longer pending.")
    }
}
