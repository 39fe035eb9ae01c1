import Foundation

/// Body of `POST /api/v1/delivery/quotes`. `pickup` defaults to the campus's first zone.
public struct DeliveryQuoteRequest: Codable, Sendable, Equatable {
    public var listingId: UUID?
    public var dropoff: String?
    public var pickup: String?

    public init(listingId: UUID?, dropoff: String?, pickup: String? = nil) {
        self.listingId = listingId
        self.dropoff = dropoff
        self.pickup = pickup
    }
}

/// A priced delivery the buyer may cite in a purchase until `expiresAt` (Eater's quote shape).
public struct DeliveryQuote: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var listingId: UUID
    public var pickup: String
    public var dropoff: String
    /// In minor units of `currency`.
    public var fee: Int
    public var currency: String
    public var durationMinutes: Int
    public var expiresAt: Date

    public init(id: UUID, listingId: UUID, pickup: String, dropoff: String, fee: Int, currency: String,
                durationMinutes: Int, expiresAt: Date) {
        self.id = id
        self.listingId = listingId
        self.pickup = pickup
        self.dropoff = dropoff
        self.fee = fee
        self.currency = currency
        self.durationMinutes = durationMinutes
        self.expiresAt = expiresAt
    }
}
