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
        let sales = try await CompletedSales(database: database).of(
            isbns: [isbn], condition: condition.rawValue, since: now.addingTimeInterval(-365 * 86_400),
            campus: try trust.campusFilter(asked: nil, viewer: viewer))
        // One currency: the campus's own (a sale in another is not comparable).
        let currency = settings.defaultCurrency
        let prices = sales.filter { $0.currency == currency }.map(\.priceCents)
        let figures = PriceGuidance.figures(of: prices)
        return PriceGuidance(isbn: isbn, condition: condition, sales: prices.count, lowCents: figures?.low,
                             medianCents: figures?.median, highCents: figures?.high, currency: currency)
    }
}
