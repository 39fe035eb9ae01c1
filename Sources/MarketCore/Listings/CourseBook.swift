import Foundation

/// One book a course uses: an ISBN its listings named.
public struct CourseBook: Codable, Sendable, Equatable, Identifiable {
    public var isbn: String
    public var title: String
    /// Listings of it on the market now (for sale, rent or trade).
    public var availableCount: Int
    /// The lowest sale price among them, if any is for sale.
    public var lowestPriceCents: Int?
    /// The price it last sold for on this campus, and when.
    public var lastSoldPriceCents: Int?
    public var lastSoldAt: Date?
    public var currency: String

    public var id: String { isbn }

    public init(isbn: String, title: String, availableCount: Int, lowestPriceCents: Int?, lastSoldPriceCents: Int?,
                lastSoldAt: Date?, currency: String) {
        self.isbn = isbn
        self.title = title
        self.availableCount = availableCount
        self.lowestPriceCents = lowestPriceCents
        self.lastSoldPriceCents = lastSoldPriceCents
        self.lastSoldAt = lastSoldAt
        self.currency = currency
    }
}
