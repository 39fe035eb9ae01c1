import Fluent
import Foundation
import MarketCore

/// A status an order reached, who moved it there, and when: the order's history.
final class OrderEventRecord: Model, @unchecked Sendable {
    static let schema = "order_events"

    @ID(key: .id) var id: UUID?
    @Parent(key: "order_id") var order: OrderRecord
    @Field(key: "status") var status: String
    @OptionalParent(key: "actor_id") var actor: UserRecord?
    @Field(key: "at") var at: Date
    /// Set on a line that records something other than a status change (a meetup proposed).
    @OptionalField(key: "note") var note: String?

    init() {}
}
