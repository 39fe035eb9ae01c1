import Fluent
import Foundation
import MarketCore

/// One of the offerer's listings in a trade offer.
final class TradeOfferItemRecord: Model, @unchecked Sendable {
    static let schema = "trade_offer_items"

    @ID(key: .id) var id: UUID?
    @Parent(key: "offer_id") var offer: TradeOfferRecord
    @Parent(key: "listing_id") var listing: ListingRecord

    init() {}

    init(offerID: UUID, listingID: UUID) {
        self.$offer.id = offerID
        self.$listing.id = listingID
    }
}
