import Foundation
import MarketCore

/// The personal ledger and hand-typed expenses.
public enum MoneyEndpoint: Endpoint {
    case ledger(cursor: String? = nil)
    case expenses(cursor: String? = nil)
    case createExpense(ExpenseInput)
    case deleteExpense(UUID)

    public var method: String {
        switch self {
        case .ledger, .expenses: "GET"
        case .createExpense: "POST"
        case .deleteExpense: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .ledger: "ledger"
        case .expenses, .createExpense: "expenses"
        case .deleteExpense(let id): "expenses/\(id)"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .ledger(let cursor?), .expenses(let cursor?): [URLQueryItem(name: "cursor", value: cursor)]
        default: []
        }
    }

    public var body: (any Encodable & Sendable)? {
        if case .createExpense(let input) = self { return input }
        return nil
    }
}
