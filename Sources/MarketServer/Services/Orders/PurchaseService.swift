import Fluent
import Foundation
import MarketCore

/// Buying a listing. One live purchase per listing: the listing row is locked while the order
/// is made, and a unique partial index on orders stops a second one whatever happens.
struct PurchaseService {
    let database: any Database
    let writes: WriteTransactions
    let trust: TrustPolicy
    let recorder: OrderRecorder
    let pendingOffers: PendingTradeOffers
    /// Tells the people who saved a listing that someone is buying it.
    let alerts: FavoriteAlerts
    let now: Date

    /// The order made, and the locked listing it was made on (for presenting it without reading again).
    func purchase(_ listingID: UUID, _ request: PurchaseRequest, by buyer: UserRecord) async throws -> (OrderRecord, ListingRow) {
        try trust.requireVerified(buyer)
        let draft = try APIError.draft(request.validated())
        let buyerID = try buyer.requireID()
        do {
            return try await writes.run { tx in
                guard let (listing, inPendingOffers) = try await ListingLock.lockTellingOffers(listingID, in: tx) else {
                    throw APIError.listingNotFound
                }
                guard listing.sellerID != buyerID else { throw APIError.ownListing("buy") }
                guard let price = listing.salePriceCents else {
                    throw APIError(.conflict, code: "not_for_sale", message: "This listing is not for sale.")
                }
                guard try listing.listingStatus == .active else { throw APIError.listingUnavailable(status: listing.status) }
                // Only a listing that is also for rent can have rentals to wait for.
                if listing.rentPriceCents != nil, try await !LiveRentals(listingID: listingID, now: now).periods(overlapping: now, .distantFuture, limit: 1, on: tx.db).isEmpty {
                    throw APIError(.conflict, code: "has_upcoming_rentals",
                                   message: "This listing is booked for rentals that have not ended yet, so it cannot be sold now.")
                }
                var deliveryFee: Int64 = 0
                if let id = draft.quoteId {
                    deliveryFee = try await useQuote(id, for: listing, buyerID: buyerID, on: tx.db)
                }
                let order = OrderRecord(type: .purchase, listingID: listingID, buyerID: buyerID, sellerID: listing.sellerID,
                                        fulfillment: draft.fulfillment, totalCents: Int(price + deliveryFee),
                                        deliveryFeeCents: Int(deliveryFee), currency: listing.currency, now: now)
                order.quoteID = draft.quoteId
                // Nothing after this reads the listing's status: it is written at the transaction's end.
                tx.writeAtCommit("""
                    UPDATE listings SET status = \(bind: ListingStatus.reserved.rawValue), updated_at = \(bind: now) WHERE id = \(bind: listingID)
                    """)
                try await recorder.create(order, by: buyerID, notify: OutgoingNotification(
                    userID: listing.sellerID, kind: .purchaseRequested,
                    message: "\(buyer.publicName) wants to buy “\(listing.title)”. Accept or decline the order.",
                    orderID: order.id, listingID: listingID, orderStatus: .pending), in: tx)
                try await alerts.tell(saversOf: listingID, except: [buyerID, listing.sellerID], kind: .favoriteBeingSold,
                                      message: "Someone is buying “\(listing.title)”, which you saved. If the order falls through, it comes back on the market.",
                                      in: tx)
                // The listing is off the market: trades for it, or offering it, can no longer happen.
                if inPendingOffers {
                    try await pendingOffers.decline(involving: [listingID], because: "“\(listing.title)” was bought", in: tx)
                }
                return (order, listing)
            }
        } catch where DatabaseConflict.isConflict(error) {
            throw APIError.listingUnavailable()
        }
    }

    /// Marks the buyer's own unused, unexpired quote for this listing used and returns its fee,
    /// or a 422 saying which it is not.
    private func useQuote(_ id: UUID, for listing: ListingRow, buyerID: UUID, on db: any Database) async throws -> Int64 {
        func invalid(_ problem: Phrase) -> APIError { APIError.validation(["quoteId": problem]) }
        guard let quote = try await DeliveryQuoteRecord.find(id, on: db), quote.$user.id == buyerID else {
            throw invalid("is not a delivery quote of yours")
        }
        guard quote.$listing.id == listing.id else { throw invalid("was given for another listing") }
        guard quote.usedAt == nil else { throw invalid("has already been used") }
        guard quote.expiresAt > now else { throw invalid("has expired; ask for a new quote") }
        guard quote.currency == listing.currency else { throw invalid("is in \(quote.currency) but the listing is priced in \(listing.currency)") }
        quote.usedAt = now
        try await quote.save(on: db)
        return quote.feeCents
    }
}
