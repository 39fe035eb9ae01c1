import Foundation
import MarketCore

/// Notifications, the ledger and hand-typed expenses.
public enum MoneyEndpoint: Endpoint {
    case notifications(unreadOnly: Bool = false, cursor: String? = nil)
    case unreadCount
    case markRead(UUID)
    case markAllRead
    case ledger(cursor: String? = nil)
    case expenses(cursor: String? = nil)
    case createExpense(ExpenseInput)
    case deleteExpense(UUID)

    public var method: String {
        switch self {
        case .notifications, .unreadCount, .ledger, .expenses: "GET"
        case .markRead, .markAllRead, .createExpense: "POST"
        case .deleteExpense: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .notifications: "notifications"
        case .unreadCount: "notifications/unread-count"
        case .markRead(let id): "notifications/\(id)/read"
        case .markAllRead: "notifications/read-all"
        case .ledger: "ledger"
        case .expenses, .createExpense: "expenses"
        case .deleteExpense(let id): "expenses/\(id)"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .notifications(let unread, let cursor):
            (unread ? [URLQueryItem(name: "unread", value: "true")] : []) + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
        case .ledger(let cursor?), .expenses(let cursor?): [URLQueryItem(name: "cursor", value: cursor)]
        default: []
        }
    }

    public var body: (any Encodable & Sendable)? {
        if case .createExpense(let input) = self { return input }
        return nil
    }
}
