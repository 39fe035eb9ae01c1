import Foundation

public enum LedgerKind: String, Codable, Sendable, CaseIterable {
    case expense, earning
}

/// Where an entry came from: a completed order, a marketplace fee or refund, or typed in by hand.
public enum LedgerSource: String, Codable, Sendable, CaseIterable {
    case purchase, rental, trade
    case featureFee = "feature_fee"
    case featureRefund = "feature_refund"
    /// A rental's deposit, held at hand-over and released (a negative line) when the owner confirms the return.
    case deposit
    case manual
}

/// One line of a personal ledger. An expense's `amountCents` is what was spent (a refund is a
/// negative expense); an earning's is what came in.
public struct LedgerEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var kind: LedgerKind
    public var source: LedgerSource
    /// A listing category slug, `marketplace_fees`, or `personal` for hand-typed expenses.
    public var category: String
    public var title: String
    public var amountCents: Int
    public var currency: String
    public var orderId: UUID?
    public var listingId: UUID?
    public var occurredAt: Date

    public init(id: UUID, kind: LedgerKind, source: LedgerSource, category: String, title: String, amountCents: Int,
                currency: String, orderId: UUID?, listingId: UUID?, occurredAt: Date) {
        self.id = id
        self.kind = kind
        self.source = source
        self.category = category
        self.title = title
        self.amountCents = amountCents
        self.currency = currency
        self.orderId = orderId
        self.listingId = listingId
        self.occurredAt = occurredAt
    }
}
