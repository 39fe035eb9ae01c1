import Fluent
import Foundation
import MarketCore

/// Renting a listing for a period `[start, end)`. Two live rentals of one listing never overlap:
/// PostgreSQL's exclusion constraint forbids it, and on both databases the check and the insert
/// run under the listing lock, so the loser of a race gets a 409 naming the period it hit.
struct RentalService {
    let database: any Database
    let writes: WriteTransactions
    let settings: AppSettings
    let recorder: OrderRecorder
    let now: Date

    /// A client's "now" reaches us a moment later; a start this far in the past still counts as now.
    static let startSlack: TimeInterval = 300
    /// How far ahead a rental may start.
    static let maxAdvance: TimeInterval = 366 * 86_400

    func rent(_ listingID: UUID, _ request: RentalRequest, by renter: User) async throws -> Order {
        let (start, end) = try validatedPeriod(request)
        let renterID = try renter.requireID()
        do {
            return try await writes.run { db in
                guard let listing = try await ListingLock.lock(listingID, on: db) else { throw OrderErrors.listingNotFound }
                guard listing.$seller.id != renterID else {
                    throw APIError(.forbidden, code: "own_listing", message: "You cannot rent your own listing.")
                }
                guard let price = listing.rentPriceCents, let unit = listing.rentUnit.flatMap(RentUnit.init) else {
                    throw APIError(.conflict, code: "not_for_rent", message: "This listing is not for rent.")
                }
                guard listing.listingStatus == .active else { throw OrderErrors.unavailable(listing) }
                if let clash = try await firstClash(listingID, start, end, on: db) { throw Self.overlap(clash) }
                let units = RentalPricing.units(from: start, to: end, unit: unit)
                let order = Order(type: .rental, listingID: listingID, buyerID: renterID, sellerID: listing.$seller.id,
                                  fulfillment: .pickup, totalCents: units * Int(price), currency: listing.currency, now: now)
                order.startsAt = start
                order.endsAt = end
                order.rentalUnits = units
                try await recorder.create(order, by: renterID, notify: OutgoingNotification(
                    userID: listing.$seller.id, kind: .rentalRequested,
                    message: "\(renter.name) wants to rent “\(listing.title)” for \(units) \(unit.rawValue)\(units == 1 ? "" : "s").",
                    orderID: order.id, listingID: listingID, orderStatus: .pending), on: db)
                return order
            }
        } catch where DatabaseConflict.isConflict(error) {
            // Only reachable if the lock were bypassed; the constraint still holds, and we name the period.
            if let clash = try await firstClash(listingID, start, end, on: database) { throw Self.overlap(clash) }
            throw APIError(.conflict, code: "period_unavailable", message: "This period overlaps another rental.")
        }
    }

    /// The periods live rentals hold within `[from, to)`, earliest first.
    func availability(_ listingID: UUID, from: Date, to: Date) async throws -> Availability {
        guard try await Listing.query(on: database).filter(\.$id == listingID).count() > 0 else { throw OrderErrors.listingNotFound }
        let rentals = try await liveRentals(listingID, overlapping: from, to, on: database).sort(\.$startsAt).limit(500).all()
        return Availability(booked: rentals.compactMap { order in
            guard let start = order.startsAt, let end = order.endsAt else { return nil }
            return BookedPeriod(start: start, end: end)
        })
    }

    private func validatedPeriod(_ request: RentalRequest) throws -> (Date, Date) {
        var errors = FieldErrors()
        if request.start == nil { errors.note("start", "is required (ISO 8601)") }
        if request.end == nil { errors.note("end", "is required (ISO 8601)") }
        if let start = request.start {
            if start < now.addingTimeInterval(-Self.startSlack) { errors.note("start", "must not be in the past") }
            if start > now.addingTimeInterval(Self.maxAdvance) { errors.note("start", "must be within a year from now") }
        }
        if let start = request.start, let end = request.end {
            if end <= start {
                errors.note("end", "must be after start")
            } else if end.timeIntervalSince(start) > settings.maxRentalDuration {
                errors.note("end", "must be at most \(Int(settings.maxRentalDuration / 86_400)) days after start")
            }
        }
        try APIError.check(errors)
        return (request.start!, request.end!)
    }

    private func liveRentals(_ listingID: UUID, overlapping start: Date, _ end: Date, on db: any Database) -> QueryBuilder<Order> {
        // [a, b) and [c, d) overlap when a < d and c < b: touching ends are not an overlap.
        Order.query(on: db)
            .filter(\.$listing.$id == listingID).filter(\.$type == OrderType.rental.rawValue)
            .filter(\.$status !~ OrderStatus.released.map(\.rawValue))
            .filter(\.$startsAt < end).filter(\.$endsAt > start)
    }

    private func firstClash(_ listingID: UUID, _ start: Date, _ end: Date, on db: any Database) async throws -> Order? {
        try await liveRentals(listingID, overlapping: start, end, on: db).sort(\.$startsAt).first()
    }

    private static func overlap(_ clash: Order) -> APIError {
        let format = Date.ISO8601FormatStyle()
        let period = "\(clash.startsAt.map { format.format($0) } ?? "?") to \(clash.endsAt.map { format.format($0) } ?? "?")"
        return APIError(.conflict, code: "period_unavailable",
                        message: "This listing is already booked from \(period); choose a period that does not overlap it.",
                        fields: ["start": "overlaps a booking from \(period)"])
    }
}
