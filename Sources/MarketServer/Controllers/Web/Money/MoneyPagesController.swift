import Foundation
import MarketCore
import Vapor

/// Money: the ledger with its months drawn as a chart and its categories (`/money`), and
/// Expense Tracker's hand-typed expenses (`/money/expenses`: add, list newest first, delete).
struct MoneyPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("money", use: ledger)
        routes.get("money", "expenses", use: expenses)
        routes.post("money", "expenses", use: addExpense)
        routes.post("money", "expenses", ":expenseID", "delete", use: deleteExpense)
    }

    struct Entry: Encodable { var title: String; var category: String; var amount: String; var isEarning: Bool; var date: String; var link: String? }
    struct Total: Encodable { var label: String; var spent: String; var earned: String; var net: String }

    struct LedgerContent: Encodable {
        var totals: [Total]
        var chart: String?
        var months: [Total]
        var categories: [Total]
        var entries: [Entry]
        var moreHref: String?
    }

    func ledger(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let ledger = try await req.domain.ledger.ledger(for: session.userID, limit: 50, after: reader.cursor())
        func total(_ row: LedgerTotal, label: String) -> Total {
            Total(label: label, spent: MoneyText.format(row.spentCents, currency: row.currency),
                  earned: MoneyText.format(row.earnedCents, currency: row.currency), net: MoneyText.format(row.netCents, currency: row.currency))
        }
        let currency = ledger.totals.first?.currency ?? req.application.settings.defaultCurrency
        let content = LedgerContent(
            totals: ledger.totals.map { total($0, label: $0.currency) },
            chart: LedgerChart.svg(ledger.byMonth, currency: currency),
            months: ledger.byMonth.sorted { ($0.key ?? "") > ($1.key ?? "") }.map { total($0, label: LedgerChart.label($0.key) + " · " + $0.currency) },
            categories: ledger.byCategory.map { total($0, label: Self.categoryLabel($0.key ?? "other") + " · " + $0.currency) },
            entries: ledger.entries.map { entry in
                Entry(title: entry.title, category: Self.categoryLabel(entry.category),
                      amount: (entry.kind == .earning ? "+" : "−") + MoneyText.format(entry.amountCents, currency: entry.currency),
                      isEarning: entry.kind == .earning, date: req.localTime.day(entry.occurredAt),
                      link: entry.orderId.map { "/orders/\($0.wireString)" })
            },
            moreHref: ledger.nextCursor.map { "/money?cursor=\($0)" })
        return try await req.renderPage("money", title: "Money", content)
    }

    /// A ledger category (`feature_fee`, `home_appliances`) in words.
    static func categoryLabel(_ key: String) -> String {
        key.replacingOccurrences(of: "_", with: " ").capitalized
    }

    struct ExpenseRow: Encodable { var id: String; var title: String; var description: String?; var amount: String; var date: String }
    struct ExpensesContent: Encodable {
        var fields: [FormField]
        var expenses: [ExpenseRow]
        var totals: [String]
        var moreHref: String?
    }

    struct ExpenseForm: Content {
        var expenseTitle: String?
        var expenseDescription: String?
        var amount: String?
        var dateOfPurchase: String?
    }

    func expenses(req: Request) async throws -> Response {
        try await renderExpenses(req, ExpenseForm(dateOfPurchase: req.localTime.dateInput(req.domain.now)))
    }

    func addExpense(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        let form = try req.formBody(ExpenseForm.self)
        let amount = form.amount.flatMap { $0.isEmpty ? nil : $0 }.map { MoneyText.parse($0) ?? -1 }
        let date = form.dateOfPurchase.flatMap(req.localTime.parseDateInput)
        let input = ExpenseInput(expenseTitle: form.expenseTitle, expenseDescription: form.expenseDescription,
                                 amountInCents: amount == -1 ? nil : amount, dateOfPurchase: date)
        // Every field's problem at once: MarketCore's rules, and the amount and date as typed.
        var errors = FieldErrors()
        if case .failure(let list) = input.validated(defaultCurrency: req.application.settings.defaultCurrency, now: req.domain.now) {
            errors = list.fields.renamed(["amountInCents": "amount"])
        }
        if amount == -1 { errors["amount"] = MoneyText.typingProblem }
        if date == nil, form.dateOfPurchase?.isEmpty == false { errors["dateOfPurchase"] = "must be a date" }
        if errors.isEmpty {
            _ = try await req.domain.expenses.create(input, by: session.userID)
            return req.seeOther("/money/expenses", notice: .expenseAdded)
        }
        return try await renderExpenses(req, form, errors: errors, status: .unprocessableEntity)
    }

    func deleteExpense(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try await req.domain.expenses.delete(try req.uuidParameter("expenseID"), of: session.userID)
        return req.seeOther("/money/expenses", notice: .expenseDeleted)
    }

    private func renderExpenses(_ req: Request, _ form: ExpenseForm, errors: FieldErrors = [:], status: HTTPResponseStatus = .ok) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let page = try await req.domain.expenses.page(for: session.userID, limit: 50, after: reader.cursor())
        let content = ExpensesContent(
            fields: [
                FormField("expenseTitle", "What did you buy?", value: form.expenseTitle, errors: errors),
                FormField("amount", "Amount", value: form.amount, errors: errors, inputMode: "decimal"),
                FormField("dateOfPurchase", "Date of purchase", kind: "date", value: form.dateOfPurchase, errors: errors),
                FormField("expenseDescription", "Note (optional)", kind: "textarea", value: form.expenseDescription, errors: errors),
            ],
            expenses: page.items.map {
                ExpenseRow(id: $0.id.wireString, title: $0.expenseTitle, description: $0.expenseDescription.isEmpty ? nil : $0.expenseDescription,
                           amount: MoneyText.format($0.amountInCents, currency: $0.currency), date: req.localTime.day($0.dateOfPurchase))
            },
            totals: page.totals.map { MoneyText.format($0.totalSpentInCents, currency: $0.currency) },
            moreHref: page.nextCursor.map { "/money/expenses?cursor=\($0)" })
        return try await req.renderPage("expenses", title: "Expenses", content, status: status)
    }

}
