import Foundation

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
