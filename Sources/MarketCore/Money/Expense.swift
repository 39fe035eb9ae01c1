import Foundation

/// A hand-typed expense, with the Expense Tracker app's field names.
public struct Expense: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var expenseTitle: String
    public var expenseDescription: String
    public var amountInCents: Int
    public var currency: String
    public var dateOfPurchase: Date
    public var createdAt: Date

    public init(id: UUID, expenseTitle: String, expenseDescription: String, amountInCents: Int, currency: String,
                dateOfPurchase: Date, createdAt: Date) {
        self.id = id
        self.expenseTitle = expenseTitle
        self.expenseDescription = expenseDescription
        self.amountInCents = amountInCents
        self.currency = currency
        self.dateOfPurchase = dateOfPurchase
        self.createdAt = createdAt
    }
}

/// A checked expense: title and description trimmed, the currency filled in.
public struct ExpenseDraft: Sendable, Equatable {
    public var title: String
    public var description: String
    public var amountInCents: Int
    public var dateOfPurchase: Date
    public var currency: String
}

public struct ExpenseTotal: Codable, Sendable, Equatable {
    public var currency: String
    public var totalSpentInCents: Int

    public init(currency: String, totalSpentInCents: Int) {
        self.currency = currency
        self.totalSpentInCents = totalSpentInCents
    }
}
