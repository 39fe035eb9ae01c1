import Fluent
import Foundation
import MarketCore

/// Renting a listing for a period `[start, end)`. Two live rentals of one listing never overlap:
/// PostgreSQL's exclusion constraint forbids it, and on both databases the check and the insert
/// run under the listing lock, so the loser of a race gets a 409 naming the period it hit.
struct RentalService {
    let database: any Database
    let writes: WriteTransactions
    let trust: TrustPolicy
    let settings: AppSettings
    let recorder: OrderRecorder
    let now: Date

    /// The availability calendar shows this much by default, and at most `maxAvailabilityWindow`.
    static let defaultAvailabilityWindow: TimeInterval = 90 * 86_400
    static let maxAvailabilityWindow: TimeInterval = 400 * 86_400

    /// The order made, and the locked listing it was made on (for presenting it without reading again).
    func rent(_ listingID: UUID, _ request: RentalRequest, by renter: UserRecord) async throws -> (OrderRecord, ListingRow) {
        try trust.requireVerified(renter)
        let period = try APIError.draft(request.validated(now: now, maxDuration: settings.maxRentalDuration))
        let (start, end) = (period.start, period.end)
        let renterID = try renter.requireID()
        do {
            return try await writes.run { tx in
                guard let listing = try await tx.lockListing(listingID) else { throw APIError.listingNotFound }
                guard listing.sellerID != renterID else { throw APIError.ownListing("rent") }
                guard let price = listing.rentPriceCents,
                      let unit = try listing.rentUnit.map({ try StoredValue.decode($0, as: RentUnit.self, column: "listings.rent_unit") }) else {
                    throw APIError(.conflict, code: "not_for_rent", message: "This listing is not for rent.")
                }
                guard try listing.listingStatus == .active else { throw APIError.listingUnavailable(status: listing.status) }
                let zone = trust.campuses.timeZone(ofCampus: listing.campus)
                if let clash = try await firstClash(listingID, start, end, on: tx.db) {
                    throw APIError.periodUnavailable(booked: LocalTime(zone).period(clash.start, clash.end))
                }
                let units = RentalPricing.units(from: start, to: end, unit: unit, timeZone: zone)
                let order = OrderRecord(type: .rental, listingID: listingID, buyerID: renterID, sellerID: listing.sellerID,
                                  fulfillment: .pickup, totalCents: units * Int(price), currency: listing.currency, now: now)
                order.startsAt = start
                order.endsAt = end
                order.rentalUnits = units
                order.depositCents = listing.depositCents
                try await recorder.create(order, by: renterID, notify: OutgoingNotification(
                    userID: listing.sellerID, kind: .rentalRequested,
                    message: unit == .hour ? "\(renter.publicName) wants to rent “\(listing.title)” for \(units) hours."
                        : "\(renter.publicName) wants to rent “\(listing.title)” for \(units) days.",
                    orderID: order.id, listingID: listingID, orderStatus: .pending), in: tx)
                return (order, listing)
            }
        } catch where DatabaseConflict.isConflict(error) {
            // Only reachable if the lock were bypassed; the constraint still holds, and we name the period.
            let clash = try await firstClash(listingID, start, end, on: database)
            let zone = trust.campuses.timeZone(ofCampus: try await ListingRecord.find(listingID, on: database)?.campus)
            throw APIError.periodUnavailable(booked: clash.map { LocalTime(zone).period($0.start, $0.end) })
        }
    }

    /// The periods live rentals hold within `[from, to)`, earliest first. `from` defaults to now and
    /// `to` to 90 days after `from`; the window may span at most 400 days.
    /// Asked of a listing `viewer` may see (`ListingVisibility`): an archived or removed listing's
    /// booked periods are no stranger's business, and a 404 tells nothing of whether it exists.
    func availability(_ listingID: UUID, from: Date?, to: Date?, viewer: UserRecord?) async throws -> Availability {
        let from = from ?? now
        let to = to ?? from.addingTimeInterval(Self.defaultAvailabilityWindow)
        if to <= from { throw APIError.validation(["to": "must be after from"]) }
        if to.timeIntervalSince(from) > Self.maxAvailabilityWindow {
            throw APIError.validation(["to": "must be at most \(Int(Self.maxAvailabilityWindow / 86_400)) days after from"])
        }
        guard let listing = try await ListingRecord.find(listingID, on: database),
              try await ListingVisibility.canSee(listing, viewer: viewer, trust: trust, on: database) else { throw APIError.listingNotFound }
        return Availability(booked: try await booked(listingID, from: from, to: to))
    }

    /// The periods booked within `[from, to)` of a listing the caller has read (its page), so
    /// without `availability`'s check that it exists.
    func booked(_ listingID: UUID, from: Date, to: Date) async throws -> [BookedPeriod] {
        try await LiveRentals(listingID: listingID, now: now).periods(overlapping: from, to, limit: 500, on: database)
    }

    private func firstClash(_ listingID: UUID, _ start: Date, _ end: Date, on db: any Database) async throws -> BookedPeriod? {
        try await LiveRentals(listingID: listingID, now: now).periods(overlapping: start, end, limit: 1, on: db).first
    }
}
