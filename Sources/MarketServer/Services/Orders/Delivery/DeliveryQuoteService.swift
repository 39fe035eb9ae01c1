import Fluent
import Foundation
import MarketCore

/// Gives a buyer a delivery quote for a listing, valid for a while and usable once.
struct DeliveryQuoteService {
    let database: any Database
    let provider: any DeliveryQuoteProvider
    let lifetime: TimeInterval
    let now: Date

    func quote(_ request: DeliveryQuoteRequest, for user: UserRecord) async throws -> DeliveryQuote {
        let draft = try APIError.draft(request.validated(zones: provider.zones))
        let userID = try user.requireID()
        guard let listing = try await ListingRecord.find(draft.listingId, on: database) else {
            throw APIError.validation(["listingId": "does not name a listing"])
        }
        guard listing.$seller.id != userID else {
            throw APIError.ownListing("order delivery of")
        }
        guard listing.salePriceCents != nil, try listing.listingStatus == .active else {
            throw APIError.listingUnavailable("This listing is not for sale right now.")
        }
        let pickup = draft.pickup ?? provider.zones[0]
        let estimate = try await provider.estimate(from: pickup, to: draft.dropoff, currency: listing.currency)
        let record = DeliveryQuoteRecord()
        record.id = UUID()
        record.$user.id = userID
        record.$listing.id = try listing.requireID()
        record.provider = provider.name
        record.pickup = pickup
        record.dropoff = draft.dropoff
        record.feeCents = Int64(estimate.feeCents)
        record.currency = listing.currency
        record.durationMinutes = estimate.durationMinutes
        record.expiresAt = now.addingTimeInterval(lifetime)
        record.createdAt = now
        try await record.create(on: database)
        return DeliveryQuote(id: record.id!, listingId: record.$listing.id, pickup: pickup, dropoff: record.dropoff,
                             fee: estimate.feeCents, currency: record.currency, durationMinutes: estimate.durationMinutes,
                             expiresAt: record.expiresAt)
    }
}
