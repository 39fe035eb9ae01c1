import Foundation

public enum TradeOfferStatus: String, Codable, Sendable, CaseIterable {
    case pending, accepted, declined, withdrawn
}

/// An offer of one's own listings (and optionally cash) for a listing open to trade.
public struct TradeOffer: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var listingId: UUID
    public var listingTitle: String
    public var offerer: OrderParty
    public var seller: OrderParty
    public var offeredListings: [TradeItem]
    public var cashTopUpCents: Int
    public var currency: String
    public var status: TradeOfferStatus
    /// The trade order, once accepted.
    public var orderId: UUID?
    public var createdAt: Date
    public var decidedAt: Date?

    public init(id: UUID, listingId: UUID, listingTitle: String, offerer: OrderParty, seller: OrderParty,
                offeredListings: [TradeItem], cashTopUpCents: Int, currency: String, status: TradeOfferStatus,
                orderId: UUID?, createdAt: Date, decidedAt: Date?) {
        self.id = id
        self.listingId = listingId
        self.listingTitle = listingTitle
        self.offerer = offerer
        self.seller = seller
        self.offeredListings = offeredListings
        self.cashTopUpCents = cashTopUpCents
        self.currency = currency
        self.status = status
        self.orderId = orderId
        self.createdAt = createdAt
        self.decidedAt = decidedAt
    }
}

public struct TradeItem: Codable, Sendable, Equatable {
    public var listingId: UUID
    public var title: String

    public init(listingId: UUID, title: String) {
        self.listingId = listingId
        self.title = title
    }
}

/// Body of `POST /api/v1/listings/{id}/trade-offers`.
public struct TradeOfferRequest: Codable, Sendable, Equatable {
    public var offeredListingIds: [UUID]?
    public var cashTopUpCents: Int?

    public init(offeredListingIds: [UUID]?, cashTopUpCents: Int? = nil) {
        self.offeredListingIds = offeredListingIds
        self.cashTopUpCents = cashTopUpCents
    }

    /// At most this many listings in one offer.
    public static let maxOfferedListings = 5
}
