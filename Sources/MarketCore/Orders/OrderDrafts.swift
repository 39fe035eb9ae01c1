import Foundation

/// A purchase request that passed validation.
public struct PurchaseDraft: Sendable, Equatable {
    public var fulfillment: Fulfillment
    /// Set exactly when `fulfillment` is delivery.
    public var quoteId: UUID?
}

/// A rental period that passed validation: `[start, end)`.
public struct RentalPeriod: Sendable, Equatable {
    public var start: Date
    public var end: Date
}

/// A trade offer that passed validation.
public struct TradeOfferDraft: Sendable, Equatable {
    public var offeredListingIds: [UUID]
    public var cashTopUpCents: Int
}

/// A delivery quote request that passed validation.
public struct DeliveryQuoteDraft: Sendable, Equatable {
    public var listingId: UUID
    public var dropoff: String
    /// nil: the campus's default pickup zone.
    public var pickup: String?
}

extension PurchaseRequest {
    public func validated() -> Result<PurchaseDraft, FieldErrorList> {
        var errors = FieldErrors()
        var fulfillment: Fulfillment?
        if let raw = self.fulfillment {
            fulfillment = Fulfillment(rawValue: raw)
            if fulfillment == nil { errors.note("fulfillment", "must be pickup or delivery") }
        } else {
            errors.note("fulfillment", "is required: pickup or delivery")
        }
        if fulfillment == .delivery, quoteId == nil {
            errors.note("quoteId", "is required for delivery: ask POST /api/v1/delivery/quotes for one")
        }
        if fulfillment == .pickup, quoteId != nil {
            errors.note("quoteId", "is only for delivery")
        }
        guard errors.isEmpty, let fulfillment else { return .failure(FieldErrorList(errors)) }
        return .success(PurchaseDraft(fulfillment: fulfillment, quoteId: quoteId))
    }
}

extension RentalRequest {
    /// A client's "now" reaches the server a moment later; a start this far in the past still counts as now.
    public static let startSlack: TimeInterval = 300
    /// How far ahead a rental may start.
    public static let maxAdvance: TimeInterval = 366 * 86_400

    /// The period, if it starts now or later (within a year), ends after it starts, and lasts at
    /// most `maxDuration`.
    public func validated(now: Date, maxDuration: TimeInterval) -> Result<RentalPeriod, FieldErrorList> {
        var errors = FieldErrors()
        if start == nil { errors.note("start", "is required (ISO 8601)") }
        if end == nil { errors.note("end", "is required (ISO 8601)") }
        if let start {
            if start < now.addingTimeInterval(-Self.startSlack) { errors.note("start", "must not be in the past") }
            if start > now.addingTimeInterval(Self.maxAdvance) { errors.note("start", "must be within a year from now") }
        }
        if let start, let end {
            if end <= start {
                errors.note("end", "must be after start")
            } else if end.timeIntervalSince(start) > maxDuration {
                errors.note("end", "must be at most \(Int(maxDuration / 86_400)) days after start")
            }
        }
        guard errors.isEmpty, let start, let end else { return .failure(FieldErrorList(errors)) }
        return .success(RentalPeriod(start: start, end: end))
    }
}

extension TradeOfferRequest {
    public func validated() -> Result<TradeOfferDraft, FieldErrorList> {
        var errors = FieldErrors()
        let ids = offeredListingIds ?? []
        if ids.isEmpty {
            errors.note("offeredListingIds", "must name at least one of your listings")
        } else if ids.count > Self.maxOfferedListings {
            errors.note("offeredListingIds", "may name at most \(Self.maxOfferedListings) listings")
        } else if Set(ids).count != ids.count {
            errors.note("offeredListingIds", "must not name a listing twice")
        }
        if let cash = cashTopUpCents, cash < 0 || cash > Money.maxMinorUnits {
            errors.note("cashTopUpCents", "must be from 0 to \(Money.maxMinorUnits)")
        }
        guard errors.isEmpty else { return .failure(FieldErrorList(errors)) }
        return .success(TradeOfferDraft(offeredListingIds: ids, cashTopUpCents: cashTopUpCents ?? 0))
    }
}

extension DeliveryQuoteRequest {
    /// `zones` are the campus's delivery zones (the server's settings; a client has them from a
    /// quote or its configuration).
    public func validated(zones: [String]) -> Result<DeliveryQuoteDraft, FieldErrorList> {
        var errors = FieldErrors()
        let known: Phrase = "must be one of \(zones.joined(separator: ", "))"
        if listingId == nil { errors.note("listingId", "is required") }
        if let dropoff {
            if !zones.contains(dropoff) { errors.note("dropoff", known) }
        } else {
            errors.note("dropoff", "is required: \(known)")
        }
        if let pickup, !zones.contains(pickup) { errors.note("pickup", known) }
        guard errors.isEmpty, let listingId, let dropoff else { return .failure(FieldErrorList(errors)) }
        return .success(DeliveryQuoteDraft(listingId: listingId, dropoff: dropoff, pickup: pickup))
    }
}
