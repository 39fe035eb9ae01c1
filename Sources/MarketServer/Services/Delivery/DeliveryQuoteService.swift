import Fluent
import Foundation
import MarketCore

/// Gives a buyer a delivery quote for a listing, valid for a while and usable once.
struct DeliveryQuoteService {
    let database: any Database
    let provider: any DeliveryQuoteProvider
    let lifetime: TimeInterval
    let now: Date

    func quote(_ request: DeliveryQuoteRequest, for user: User) async throws -> DeliveryQuote {
        var errors = FieldErrors()
        let zones = provider.zones
        let known = "must be one of \(zones.joined(separator: ", "))"
        if request.listingId == nil { errors.note("listingId", "is required") }
        if let dropoff = request.dropoff {
            if !zones.contains(dropoff) { errors.note("dropoff", known) }
        } else {
            errors.note("dropoff", "is required: \(known)")
        }
        if let pickup = request.pickup, !zones.contains(pickup) { errors.note("pickup", known) }
        try APIError.check(errors)

        let userID = try user.requireID()
        guard let listing = try await Listing.find(request.listingId!, on: database) else {
            throw APIError.validation(["listingId": "does not name a listing"])
        }
        guard listing.$seller.id != userID else {
            throw APIError(.forbidden, code: "own_listing", message: "You cannot order delivery of your own listing.")
        }
        guard listing.salePriceCents != nil, listing.listingStatus == .active else {
            throw APIError(.conflict, code: "listing_unavailable", message: "This listing is not for sale right now.")
        }
        let pickup = request.pickup ?? zones[0]
        let estimate = try await provider.estimate(from: pickup, to: request.dropoff!, currency: listing.currency)
        let record = DeliveryQuoteRecord()
        record.id = UUID()
        record.$user.id = userID
        record.$listing.id = try listing.requireID()
        record.provider = provider.name
        record.pickup = pickup
        record.dropoff = request.dropoff!
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
