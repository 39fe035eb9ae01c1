import Fluent
import Foundation

/// One paid period during which a listing is featured.
final class ListingFeatureRecord: Model, @unchecked Sendable {
    static let schema = "listing_features"

    @ID(key: .id) var id: UUID?
    @Parent(key: "listing_id") var listing: ListingRecord
    @Parent(key: "fee_id") var fee: FeeRecord
    @Field(key: "starts_at") var startsAt: Date
    @Field(key: "ends_at") var endsAt: Date
    @OptionalField(key: "cancelled_at") var cancelledAt: Date?

    init() {}

    init(listingID: UUID, feeID: UUID, startsAt: Date, endsAt: Date) {
        self.$listing.id = listingID
        self.$fee.id = feeID
        self.startsAt = startsAt
        self.endsAt = endsAt
    }
}
