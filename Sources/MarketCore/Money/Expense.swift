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

/// Body of `POST /api/v1/expenses`.
public struct ExpenseInput: Codable, Sendable, Equatable {
    public var expenseTitle: String?
    public var expenseDescription: String?
    public var amountInCents: Int?
    public var dateOfPurchase: Date?
    public var currency: String?

    public init(expenseTitle: String?, expenseDescription: String? = nil, amountInCents: Int?, dateOfPurchase: Date?,
                currency: String? = nil) {
        self.expenseTitle = expenseTitle
        self.expenseDescription = expenseDescription
        self.amountInCents = amountInCents
        self.dateOfPurchase = dateOfPurchase
        self.currency = currency
    }

    public static let titleLength = 1...100
    public static let descriptionMaxLength = 1_000

    /// The checked expense (title trimmed, currency defaulted), or every field's problem.
    /// `now` bounds the purchase date: a day of slack allows for time zones ahead of UTC.
    public func validated(defaultCurrency: String, now: Date) -> Result<ExpenseDraft, FieldErrorList> {
        var errors = FieldErrors()
        let title = (expenseTitle ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.titleLength.contains(title.count) {
            errors.note("expenseTitle", "must be \(Self.titleLength.lowerBound)–\(Self.titleLength.upperBound) characters")
        }
        let description = (expenseDescription ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if description.count > Self.descriptionMaxLength {
            errors.note("expenseDescription", "must be at most \(Self.descriptionMaxLength) characters")
        }
        if let amount = amountInCents {
            if let problem = Money.priceProblem(amount) { errors.note("amountInCents", problem) }
        } else {
            errors.note("amountInCents", "is required")
        }
        if let date = dateOfPurchase {
            if date > now.addingTimeInterval(86_400) { errors.note("dateOfPurchase", "must not be in the future") }
        } else {
            errors.note("dateOfPurchase", "is required (ISO 8601)")
        }
        let currency = currency ?? defaultCurrency
        if !Money.isCurrencyCode(currency) { errors.note("currency", "must be an ISO 4217 code such as USD") }
        guard errors.isEmpty, let amountInCents, let dateOfPurchase else { return .failure(FieldErrorList(errors)) }
        return .success(ExpenseDraft(title: title, description: description, amountInCents: amountInCents,
                                     dateOfPurchase: dateOfPurchase, currency: currency))
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

public struct ExpenseTotal: Codable, Sendable, Equatable {
    public var currency: String
    public var totalSpentInCents: Int

    public init(currency: String, totalSpentInCents: Int) {
        self.currency = currency
        self.totalSpentInCents = totalSpentInCents
    }
}
