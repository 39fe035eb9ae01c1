import Fluent
import Foundation
import SQLKit

/// What books sold for: completed purchases of listings naming an ISBN, on one campus (or all),
/// newest first. A sale's price is what the buyer paid for the item, without delivery. Course
/// pages (the last sold price) and price guidance (the range and median) read it here.
struct CompletedSales {
    struct Sale {
        var isbn: String
        var priceCents: Int
        var currency: String
        var at: Date
    }

    let database: any Database

    func of(isbns: [String], condition: String? = nil, since: Date? = nil, campus: String?) async throws -> [Sale] {
        guard !isbns.isEmpty else { return [] }
        var conditions: [SQLQueryString] = ["o.type = 'purchase'", "o.status = 'completed'", "l.isbn IN (\(binds: isbns))"]
        if let condition { conditions.append("l.condition = \(bind: condition)") }
        if let since { conditions.append("o.updated_at >= \(bind: since)") }
        if let campus { conditions.append("l.campus = \(bind: campus)") }
        return try await database.sql.raw("""
            SELECT l.isbn, o.total_cents - o.delivery_fee_cents AS price, o.currency, o.updated_at
            FROM orders o JOIN listings l ON l.id = o.listing_id WHERE \(conditions.joined(separator: " AND "))
            ORDER BY o.updated_at DESC
            """).all().map { row in
            Sale(isbn: try row.decode(column: "isbn", as: String.self), priceCents: Int(try row.decode(column: "price", as: Int64.self)),
                 currency: try row.decode(column: "currency", as: String.self), at: try row.decode(column: "updated_at", as: Date.self))
        }
    }
}
