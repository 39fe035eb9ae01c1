import Fluent
import Foundation

/// A charge by the marketplace (e.g. a featured listing) or its refund.
final class FeeRecord: Model, @unchecked Sendable {
    static let schema = "fees"

    enum Kind: String {
        case feature
        case featureRefund = "feature_refund"
    }

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    @OptionalParent(key: "listing_id") var listing: ListingRecord?
    @Field(key: "kind") var kind: String
    /// Positive for a charge, negative for a refund.
    @Field(key: "amount_cents") var amountCents: Int64
    @Field(key: "currency") var currency: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, listingID: UUID?, kind: Kind, amountCents: Int64, currency: String, createdAt: Date) {
        self.$user.id = userID
        self.$listing.id = listingID
        self.kind = kind.rawValue
        self.amountCents = amountCents
        self.currency = currency
        self.createdAt = createdAt
    }
}
