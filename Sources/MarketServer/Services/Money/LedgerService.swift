import Fluent
import Foundation
import MarketCore
import SQLKit

/// A user's ledger: entries newest first, and totals over all of it by currency, month and category.
struct LedgerService {
    let database: any Database

    func ledger(for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> Ledger {
        let (rows, next) = try await Self.page(LedgerEntryRecord.query(on: database).filter(\.$user.$id == userID),
                                               limit: limit, after: cursor)
        let sums = try await database.sql.raw("""
            SELECT month, category, currency, kind, CAST(SUM(amount_cents) AS BIGINT) AS total
            FROM ledger_entries WHERE user_id = \(bind: userID) GROUP BY month, category, currency, kind
            """).all(decoding: Sum.self)
        return Ledger(entries: try rows.map(Self.present), nextCursor: next?.token,
                      totals: Self.totals(sums) { _ in nil },
                      byMonth: Self.totals(sums, by: \.month),
                      byCategory: Self.totals(sums, by: \.category))
    }

    /// Newest `occurred_at` first (then newest written), so back-dated expenses sort where they belong.
    static func page(_ query: QueryBuilder<LedgerEntryRecord>, limit: Int,
                     after cursor: PageCursor?) async throws -> ([LedgerEntryRecord], PageCursor?) {
        if let cursor { query.filter(.sql(cursor.rowsAfter(table: LedgerEntryRecord.schema, alias: LedgerEntryRecord.schema, time: "occurred_at"))) }
        var rows = try await query.sort(\.$occurredAt, .descending).sort(FieldKey("seq"), .descending).limit(limit + 1).all()
        guard rows.count > limit else { return (rows, nil) }
        rows.removeLast()
        return (rows, rows.last.flatMap { row in row.seq.map { PageCursor(seq: $0, at: row.occurredAt) } })
    }

    static func present(_ row: LedgerEntryRecord) throws -> LedgerEntry {
        LedgerEntry(id: row.id!, kind: try StoredValue.decode(row.kind, column: "ledger_entries.kind"), source: try StoredValue.decode(row.source, column: "ledger_entries.source"),
                    category: row.category, title: row.title, amountCents: Int(row.amountCents), currency: row.currency,
                    orderId: row.orderID, listingId: row.listingID, occurredAt: row.occurredAt)
    }

    private struct Sum: Decodable {
        var month: String
        var category: String
        var currency: String
        var kind: String
        var total: Int64
    }

    private static func totals(_ sums: [Sum], by key: KeyPath<Sum, String>) -> [LedgerTotal] {
        totals(sums) { $0[keyPath: key] }
    }

    private static func totals(_ sums: [Sum], key: (Sum) -> String?) -> [LedgerTotal] {
        struct Group: Hashable { var key: String?; var currency: String }
        var spent: [Group: Int] = [:], earned: [Group: Int] = [:]
        for sum in sums {
            let group = Group(key: key(sum), currency: sum.currency)
            if sum.kind == LedgerKind.earning.rawValue { earned[group, default: 0] += Int(sum.total) } else { spent[group, default: 0] += Int(sum.total) }
        }
        return Set(spent.keys).union(earned.keys)
            .sorted { ($0.key ?? "", $0.currency) > ($1.key ?? "", $1.currency) }
            .map { LedgerTotal(key: $0.key, currency: $0.currency, spentCents: spent[$0] ?? 0, earnedCents: earned[$0] ?? 0) }
    }
}
