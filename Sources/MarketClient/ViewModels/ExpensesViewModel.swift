import Foundation
import MarketCore
import Observation

/// Expense Tracker's screen: the list, adding one (title, amount as typed, date, note),
/// deleting one, and the total spent.
@MainActor
@Observable
public final class ExpensesViewModel: PagedScreen {
    public private(set) var expenses = PagedList<Expense>()
    /// Total spent, per currency, over every expense (not only the loaded page).
    public private(set) var totals: [ExpenseTotal] = []

    // The add form.
    public var title = ""
    /// The amount as typed ("12.50").
    public var amount = ""
    public var date: Date
    public var note = ""

    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient
    @ObservationIgnored private let now: @Sendable () -> Date

    public init(client: APIClient, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.now = now
        date = now()
    }

    public func load(more: Bool) async {
        if let page = await loadPage(into: \.expenses, more: more, limit: 50, { try await client.send(MoneyEndpoint.expenses($0)) as ExpensePage }) {
            totals = page.totals
        }
    }

    /// Adds the expense typed in the form; the form clears on success.
    @discardableResult
    public func add() async -> Bool {
        var problems = FieldErrors()
        let cents = MoneyText.field(amount, named: "amountInCents", into: &problems)
        let input = ExpenseInput(expenseTitle: title, expenseDescription: note.isEmpty ? nil : note,
                                 amountInCents: cents, dateOfPurchase: date)
        // Any valid code stands in for the server's default currency here.
        if case .failure(let list) = input.validated(defaultCurrency: "USD", now: now()) {
            for (field, problem) in list.fields { problems.note(field, problem) }
        }
        guard problems.isEmpty else {
            show(APIClientError.invalid(problems))
            return false
        }
        guard await perform({ try await client.send(MoneyEndpoint.createExpense(input)) as Expense }) != nil else { return false }
        title = ""
        amount = ""
        note = ""
        date = now()
        await refresh()  // the totals are the server's
        return true
    }

    public func delete(_ expense: Expense) async {
        if await perform({ try await client.send(MoneyEndpoint.deleteExpense(expense.id)) }) != nil {
            expenses.remove(id: expense.id)
            await refresh()
        }
    }
}
