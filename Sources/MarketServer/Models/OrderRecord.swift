import Fluent
import Foundation
import MarketCore

/// A purchase, rental or accepted trade. Prices are copied in when the order is made, so a later
/// listing edit does not change what was agreed.
final class OrderRecord: Model, @unchecked Sendable {
    static let schema = "orders"

    @ID(key: .id) var id: UUID?
    /// Physical key, assigned by the database; orders lists newest first and keys cursors.
    @OptionalField(key: "seq") var seq: Int64?
    @Field(key: "type") var type: String
    @Field(key: "status") var status: String
    @Parent(key: "listing_id") var listing: ListingRecord
    @Parent(key: "buyer_id") var buyer: UserRecord
    @Parent(key: "seller_id") var seller: UserRecord
    @Field(key: "fulfillment") var fulfillment: String
    @Field(key: "total_cents") var totalCents: Int64
    @Field(key: "delivery_fee_cents") var deliveryFeeCents: Int64
    @Field(key: "currency") var currency: String
    @OptionalField(key: "starts_at") var startsAt: Date?
    @OptionalField(key: "ends_at") var endsAt: Date?
    @OptionalField(key: "rental_units") var rentalUnits: Int?
    @OptionalField(key: "trade_offer_id") var tradeOfferID: UUID?
    @OptionalField(key: "quote_id") var quoteID: UUID?
    /// Six digits the buyer shows at hand-over; wrong guesses are counted and locked out.
    @Field(key: "confirmation_code") var confirmationCode: String
    @Field(key: "code_failures") var codeFailures: Int
    @OptionalField(key: "code_locked_until") var codeLockedUntil: Date?
    /// A rental not returned by its end: when the late sweep flagged it.
    @OptionalField(key: "late_at") var lateAt: Date?
    /// Rentals: the listing's deposit when it was booked.
    @OptionalField(key: "deposit_cents") var depositCents: Int64?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date

    init() {}

    init(type: OrderType, listingID: UUID, buyerID: UUID, sellerID: UUID, fulfillment: Fulfillment,
         totalCents: Int, deliveryFeeCents: Int = 0, currency: String, status: OrderStatus = .pending, now: Date) {
        self.id = UUID()
        self.type = type.rawValue
        self.status = status.rawValue
        self.$listing.id = listingID
        self.$buyer.id = buyerID
        self.$seller.id = sellerID
        self.fulfillment = fulfillment.rawValue
        self.totalCents = Int64(totalCents)
        self.deliveryFeeCents = Int64(deliveryFeeCents)
        self.currency = currency
        self.confirmationCode = ConfirmationCode.generate()
        self.codeFailures = 0
        self.createdAt = now
        self.updatedAt = now
    }

    var orderType: OrderType { get throws { try StoredValue.decode(type, column: "orders.type") } }
    var orderStatus: OrderStatus { get throws { try StoredValue.decode(status, column: "orders.status") } }
    var orderFulfillment: Fulfillment { get throws { try StoredValue.decode(fulfillment, column: "orders.fulfillment") } }

    func role(of userID: UUID) -> OrderRole? {
        if $buyer.id == userID { return .buyer }
        if $seller.id == userID { return .seller }
        return nil
    }
}
