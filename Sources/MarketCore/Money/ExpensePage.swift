import Foundation

public struct ExpensePage: Codable, Sendable, Equatable {
    public var items: [Expense]
    public var nextCursor: String?
    /// Everything spent by hand-typed expenses, per currency (not only this page).
    public var totals: [ExpenseTotal]

    public init(items: [Expense], nextCursor: String?, totals: [ExpenseTotal]) {
        self.items = items
        self.nextCursor = nextCursor
        self.totals = totals
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(totals, forKey: .totals)
    }
}
