import Fluent
import Foundation
import MarketCore

/// An in-app notification for one user.
final class NotificationRecord: Model, @unchecked Sendable {
    static let schema = "notifications"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "seq") var seq: Int64?
    @Parent(key: "user_id") var user: UserRecord
    @Field(key: "kind") var kind: String
    /// The English, as every notification has it; `phrase` the same words for any language.
    @Field(key: "message") var message: String
    @OptionalField(key: "phrase") var phrase: String?
    @OptionalField(key: "order_id") var orderID: UUID?
    @OptionalField(key: "trade_offer_id") var tradeOfferID: UUID?
    @OptionalField(key: "listing_id") var listingID: UUID?
    @OptionalField(key: "order_status") var orderStatus: String?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "read_at") var readAt: Date?

    init() {}
}
