import Foundation

/// What a book in a condition sold for on the campus over the last 12 months
/// (`GET /api/v1/price-guidance?isbn=&condition=`). The figures are given only from
/// `minimumSales` sales on, rounded to whole units of the currency, and the range is the 10th to
/// the 90th percentile: no figure is one person's sale.
public struct PriceGuidance: Codable, Sendable, Equatable {
    public static let minimumSales = 3

    public var isbn: String
    public var condition: ListingCondition
    /// Completed sales counted.
    public var sales: Int
    public var lowCents: Int?
    public var medianCents: Int?
    public var highCents: Int?
    public var currency: String

    public init(isbn: String, condition: ListingCondition, sales: Int, lowCents: Int?, medianCents: Int?, highCents: Int?, currency: String) {
        self.isbn = isbn
        self.condition = condition
        self.sales = sales
        self.lowCents = lowCents
        self.medianCents = medianCents
        self.highCents = highCents
        self.currency = currency
    }

    /// "Sold on campus for $40–$55, median $45, 7 sales"; nil with too few sales.
    public var sentence: Phrase? {
        guard let lowCents, let medianCents, let highCents else { return nil }
        let whole = { (cents: Int) in MoneyText.format(cents, currency: currency).replacingOccurrences(of: ".00", with: "") }
        let range = lowCents == highCents ? whole(lowCents) : "\(whole(lowCents))–\(whole(highCents))"
        return "Sold on campus for \(range), median \(whole(medianCents)), \(sales) sales"
    }

    /// Figures of `prices` (minor units): nil below `minimumSales`; else the 10th, 50th and 90th
    /// percentiles, interpolated and rounded to whole units (100 minor units).
    public static func figures(of prices: [Int]) -> (low: Int, median: Int, high: Int)? {
        guard prices.count >= minimumSales else { return nil }
        let sorted = prices.sorted()
        func percentile(_ p: Double) -> Int {
            let position = p * Double(sorted.count - 1)
            let lower = Int(position.rounded(.down)), upper = Int(position.rounded(.up))
            let value = Double(sorted[lower]) + (Double(sorted[upper]) - Double(sorted[lower])) * (position - Double(lower))
            return Int((value / 100).rounded()) * 100
        }
        return (percentile(0.1), percentile(0.5), percentile(0.9))
    }
}
