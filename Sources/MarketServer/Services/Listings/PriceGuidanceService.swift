import Fluent
import Foundation
import MarketCore
import SQLKit

/// Price guidance from completed sales of the same book in the same condition, on the
/// viewer's campus, over the last 12 months (`PriceGuidance` says what it shows and hides).
struct PriceGuidanceService {
    let database: any Database
    let trust: TrustPolicy
    let settings: AppSettings
    let now: Date

    func guidance(isbn typed: String, condition: ListingCondition, viewer: UserRecord?) async throws -> PriceGuidance {
        guard let isbn = ISBN.normalize(typed) else { throw APIError.validation(["isbn": "must be a valid ISBN-10 or ISBN-13"]) }
        let campus = try trust.campusFilter(asked: nil, viewer: viewer)
        let campusCondition: SQLQueryString = campus.map { "AND l.campus = \(bind: $0)" } ?? ""
        let since = now.addingTimeInterval(-365 * 86_400)
        let rows = try await database.sql.raw("""
            SELECT o.total_cents - o.delivery_fee_cents AS price, o.currency FROM orders o JOIN listings l ON l.id = o.listing_id
            WHERE o.type = 'purchase' AND o.status = 'completed' AND o.updated_at >= \(bind: since)
              AND l.isbn = \(bind: isbn) AND l.condition = \(bind: condition.rawValue) \(campusCondition)
            """).all()
        // One currency: the campus's own (a sale in another is not comparable).
        let currency = settings.defaultCurrency
        let prices = try rows.filter { try $0.decode(column: "currency", as: String.self) == currency }
            .map { Int(try $0.decode(column: "price", as: Int64.self)) }
        let figures = PriceGuidance.figures(of: prices)
        return PriceGuidance(isbn: isbn, condition: condition, sales: prices.count, lowCents: figures?.low,
                             medianCents: figures?.median, highCents: figures?.high, currency: currency)
    }
}
