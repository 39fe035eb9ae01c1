import Foundation
import MarketCore

/// The personal ledger and hand-typed expenses: `/api/v1/ledger`, `/api/v1/expenses`.
public enum MoneyEndpoint: Endpoint {
    /// Answers a `Ledger`: a page of entries and the totals over all of them.
    case ledger(PageRequest = .first)
    /// Answers an `ExpensePage` with totals by currency.
    case expenses(PageRequest = .first)
    /// Answers one `Expense` of the signed-in user's.
    case expense(UUID)
    /// Answers the new `Expense` (201).
    case createExpense(ExpenseInput)
    /// 204.
    case deleteExpense(UUID)

    public var method: String {
        switch self {
        case .ledger, .expenses, .expense: "GET"
        case .createExpense: "POST"
        case .deleteExpense: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .ledger: "ledger"
        case .expenses, .createExpense: "expenses"
        case .expense(let id), .deleteExpense(let id): "expenses/\(id.wireString)"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .ledger(let page), .expenses(let page): page.queryItems
        default: []
        }
    }

    public var body: (any Encodable & Sendable)? {
        if case .createExpense(let input) = self { return input }
        return nil
    }
}
