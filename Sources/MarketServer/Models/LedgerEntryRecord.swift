import Fluent
import Foundation
import MarketCore

/// One line of a user's ledger: written by the marketplace (orders, fees) or typed in (expenses).
final class LedgerEntryRecord: Model, @unchecked Sendable {
    static let schema = "ledger_entries"

    @ID(key: .id) var id: UUID?
    @OptionalField(key: "seq") var seq: Int64?
    @Parent(key: "user_id") var user: UserRecord
    @Field(key: "kind") var kind: String
    @Field(key: "source") var source: String
    @Field(key: "category") var category: String
    @Field(key: "title") var title: String
    @Field(key: "description") var description: String
    /// Spent (expense) or received (earning); a refund is a negative expense.
    @Field(key: "amount_cents") var amountCents: Int64
    @Field(key: "currency") var currency: String
    /// `YYYY-MM` of `occurred_at` in UTC, stored so totals by month group the same on both databases.
    @Field(key: "month") var month: String
    @OptionalField(key: "order_id") var orderID: UUID?
    @OptionalField(key: "listing_id") var listingID: UUID?
    @Field(key: "occurred_at") var occurredAt: Date
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, kind: LedgerKind, source: LedgerSource, category: String, title: String, description: String = "",
         amountCents: Int64, currency: String, orderID: UUID? = nil, listingID: UUID? = nil, occurredAt: Date, now: Date) {
        self.id = UUID()
        self.$user.id = userID
        self.kind = kind.rawValue
        self.source = source.rawValue
        self.category = category
        self.title = title
        self.description = description
        self.amountCents = amountCents
        self.currency = currency
        self.month = Self.month(of: occurredAt)
        self.orderID = orderID
        self.listingID = listingID
        self.occurredAt = occurredAt
        self.createdAt = now
    }

    static func month(of date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month], from: date)
        return String(format: "%04d-%02d", parts.year ?? 1970, parts.month ?? 1)
    }
}
