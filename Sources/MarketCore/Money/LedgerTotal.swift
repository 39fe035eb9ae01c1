import Foundation

/// Sums over a set of entries in one currency. `key` is a month (`2026-11`, UTC) or a category.
public struct LedgerTotal: Codable, Sendable, Equatable {
    public var key: String?
    public var currency: String
    public var spentCents: Int
    public var earnedCents: Int
    public var netCents: Int

    public init(key: String?, currency: String, spentCents: Int, earnedCents: Int) {
        self.key = key
        self.currency = currency
        self.spentCents = spentCents
        self.earnedCents = earnedCents
        self.netCents = earnedCents - spentCents
    }
}
