import Foundation

/// An order as the API returns it: a purchase, a rental or an accepted trade.
public struct Order: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var type: OrderType
    public var status: OrderStatus
    public var listingId: UUID
    public var listingTitle: String
    public var buyer: OrderParty
    public var seller: OrderParty
    public var fulfillment: Fulfillment
    /// What the buyer pays in all: item (or rental units) plus delivery fee, plus a trade's cash top-up.
    public var totalCents: Int
    public var deliveryFeeCents: Int
    public var currency: String
    /// Rentals only: the booked period and how many whole units it was priced at.
    public var start: Date?
    public var end: Date?
    public var rentalUnits: Int?
    public var tradeOfferId: UUID?
    /// Shown to the buyer only; the seller enters it to complete the hand-over.
    public var confirmationCode: String?
    /// The steps the caller may take next.
    public var actions: [OrderAction]
    public var history: [OrderEvent]
    /// Pickup orders: the spot and time proposed or agreed for the hand-over.
    public var meetup: Meetup?
    /// Rentals: when it was flagged late, not returned by its end.
    public var lateAt: Date?
    /// Rentals: the deposit held from hand-over until the owner confirms the return.
    public var depositCents: Int?
    public var createdAt: Date
    public var updatedAt: Date

    public init(id: UUID, type: OrderType, status: OrderStatus, listingId: UUID, listingTitle: String, buyer: OrderParty,
                seller: OrderParty, fulfillment: Fulfillment, totalCents: Int, deliveryFeeCents: Int, currency: String,
                start: Date?, end: Date?, rentalUnits: Int?, tradeOfferId: UUID?, confirmationCode: String?,
                actions: [OrderAction], history: [OrderEvent], createdAt: Date, updatedAt: Date, meetup: Meetup? = nil, lateAt: Date? = nil,
                depositCents: Int? = nil) {
        self.depositCents = depositCents
        self.meetup = meetup
        self.lateAt = lateAt
        self.id = id
        self.type = type
        self.status = status
        self.listingId = listingId
        self.listingTitle = listingTitle
        self.buyer = buyer
        self.seller = seller
        self.fulfillment = fulfillment
        self.totalCents = totalCents
        self.deliveryFeeCents = deliveryFeeCents
        self.currency = currency
        self.start = start
        self.end = end
        self.rentalUnits = rentalUnits
        self.tradeOfferId = tradeOfferId
        self.confirmationCode = confirmationCode
        self.actions = actions
        self.history = history
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// A person on one side of an order or trade offer.
public struct OrderParty: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String

    public init(id: UUID, name: String) {
        self.id = id
        self.name = name
    }
}

/// One status an order reached, and when; or, with a `note`, something agreed on the way
/// ("Meetup proposed: Library steps"), the status then unchanged.
public struct OrderEvent: Codable, Sendable, Equatable {
    public var status: OrderStatus
    public var at: Date
    public var note: String?

    public init(status: OrderStatus, at: Date, note: String? = nil) {
        self.status = status
        self.at = at
        self.note = note
    }
}
