import Fluent
import Foundation
import MarketCore

/// Hand-typed expenses (Expense Tracker's items). They are ledger entries with source `manual`,
/// so the ledger's totals include them; only these can be deleted, and only by their owner.
struct ExpenseService {
    let database: any Database
    let settings: AppSettings
    let now: Date

    func create(_ input: ExpenseInput, by userID: UUID) async throws -> Expense {
        let draft = try APIError.draft(input.validated(defaultCurrency: settings.defaultCurrency, now: now))
        let entry = LedgerEntryRecord(
            userID: userID, kind: .expense, source: .manual, category: LedgerEntryRecord.personalCategory,
            title: draft.title, description: draft.description, amountCents: Int64(draft.amountInCents),
            currency: draft.currency, occurredAt: draft.dateOfPurchase, now: now)
        try await entry.create(on: database)
        return Self.present(entry)
    }

    func page(for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> ExpensePage {
        let (rows, next) = try await LedgerService.page(manual(of: userID), limit: limit, after: cursor)
        let totals = try await database.sql.raw("""
            SELECT currency, CAST(SUM(amount_cents) AS BIGINT) AS total FROM ledger_entries
            WHERE user_id = \(bind: userID) AND source = \(bind: LedgerSource.manual.rawValue) GROUP BY currency ORDER BY currency
            """).all(decoding: CurrencyTotal.self)
        return ExpensePage(items: rows.map(Self.present), nextCursor: next?.token,
                           totals: totals.map { ExpenseTotal(currency: $0.currency, totalSpentInCents: Int($0.total)) })
    }

    func find(_ id: UUID, of userID: UUID) async throws -> Expense {
        Self.present(try await record(id, of: userID))
    }

    func delete(_ id: UUID, of userID: UUID) async throws {
        try await record(id, of: userID).delete(on: database)
    }

    /// Someone else's expense is a 404 too: whether it exists is none of the caller's business.
    private func record(_ id: UUID, of userID: UUID) async throws -> LedgerEntryRecord {
        guard let entry = try await manual(of: userID).filter(\.$id == id).first() else {
            throw APIError(.notFound, code: "expense_not_found", message: "There is no expense of yours with this id.")
        }
        return entry
    }

    private func manual(of userID: UUID) -> QueryBuilder<LedgerEntryRecord> {
        LedgerEntryRecord.query(on: database).filter(\.$user.$id == userID).filter(\.$source == LedgerSource.manual.rawValue)
    }

    private struct CurrencyTotal: Decodable {
        var currency: String
        var total: Int64
    }

    static func present(_ row: LedgerEntryRecord) -> Expense {
        Expense(id: row.id!, expenseTitle: row.title, expenseDescription: row.description, amountInCents: Int(row.amountCents),
                currency: row.currency, dateOfPurchase: row.occurredAt, createdAt: row.createdAt)
    }
}
