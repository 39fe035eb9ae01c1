import MarketCore
import Vapor

/// Money outside orders: the personal ledger and hand-typed expenses.
struct MoneyController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("ledger", use: ledger)
        let expenses = routes.grouped("expenses")
        expenses.post(use: createExpense)
        expenses.get(use: listExpenses)
        expenses.get(":expenseID", use: showExpense)
        expenses.delete(":expenseID", use: deleteExpense)
    }

    func ledger(req: Request) async throws -> Ledger {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.ledger.ledger(for: userID, limit: limit, after: cursor)
    }

    func createExpense(req: Request) async throws -> Response {
        let userID = try req.requireUserID()
        let expense = try await req.domain.expenses.create(try req.jsonBody(ExpenseInput.self), by: userID)
        return try await expense.encodeResponse(status: .created, for: req)
    }

    func listExpenses(req: Request) async throws -> ExpensePage {
        let userID = try req.requireUserID()
        var query = QueryReader(req)
        let limit = query.limit(), cursor = query.cursor()
        try query.check()
        return try await req.domain.expenses.page(for: userID, limit: limit, after: cursor)
    }

    func showExpense(req: Request) async throws -> Expense {
        try await req.domain.expenses.find(try req.uuidParameter("expenseID"), of: try req.requireUserID())
    }

    func deleteExpense(req: Request) async throws -> HTTPStatus {
        try await req.domain.expenses.delete(try req.uuidParameter("expenseID"), of: try req.requireUserID())
        return .noContent
    }
}
