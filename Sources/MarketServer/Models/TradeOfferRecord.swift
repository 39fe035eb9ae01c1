import Fluent
import Foundation
import MarketCore

/// An offer of the offerer's own listings (and cash) for someone else's listing.
final class TradeOfferRecord: Model, @unchecked Sendable {
    static let schema = "trade_offers"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "seq") var seq: Int64?
    @Parent(key: "listing_id") var listing: ListingRecord
    @Parent(key: "offerer_id") var offerer: UserRecord
    @Parent(key: "seller_id") var seller: UserRecord
    @Field(key: "cash_top_up_cents") var cashTopUpCents: Int64
    @Field(key: "currency") var currency: String
    @Field(key: "status") var status: String
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "decided_at") var decidedAt: Date?

    init() {}

    init(listingID: UUID, offererID: UUID, sellerID: UUID, cashTopUpCents: Int, currency: String, now: Date) {
        self.id = UUID()
        self.$listing.id = listingID
        self.$offerer.id = offererID
        self.$seller.id = sellerID
        self.cashTopUpCents = Int64(cashTopUpCents)
        self.currency = currency
        self.status = TradeOfferStatus.pending.rawValue
        self.createdAt = now
    }

    var offerStatus: TradeOfferStatus { get throws { try StoredValue.decode(status, column: "trade_offers.status") } }
}
