import Fluent
import Foundation

/// A delivery price given to one buyer for one listing; a purchase may use it once, before it expires.
final class DeliveryQuoteRecord: Model, @unchecked Sendable {
    static let schema = "delivery_quotes"

    @ID(key: .id) var id: UUID?
    @Parent(key: "user_id") var user: UserRecord
    @Parent(key: "listing_id") var listing: ListingRecord
    /// Which `DeliveryQuoteProvider` priced it (e.g. `zones`), for when couriers are added.
    @Field(key: "provider") var provider: String
    @Field(key: "pickup") var pickup: String
    @Field(key: "dropoff") var dropoff: String
    @Field(key: "fee_cents") var feeCents: Int64
    @Field(key: "currency") var currency: String
    @Field(key: "duration_minutes") var durationMinutes: Int
    @Field(key: "expires_at") var expiresAt: Date
    @OptionalField(key: "used_at") var usedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
