import Foundation
import MarketCore

/// A listing as the feed, a seller's page and "my listings" show it: ready-made words, so
/// templates only place them.
struct ListingCard: Encodable {
    var id: String
    var title: String
    var prices: [String]
    var condition: String
    var categories: String
    var photoURL: String?
    var isFeatured: Bool
    var status: String
    var isActive: Bool
    var sellerName: String
    var campus: String?
    var posted: String

    init(_ listing: MarketCore.Listing, now: Date) {
        id = listing.id.uuidString.lowercased()
        title = listing.title
        prices = Self.prices(of: listing)
        condition = listing.condition.label
        categories = listing.categories.map(\.label).joined(separator: ", ")
        photoURL = listing.photos.first?.url
        isFeatured = listing.isFeatured
        status = listing.status.label
        isActive = listing.status == .active
        sellerName = listing.seller.name
        campus = listing.campus
        posted = WebFormat.ago(listing.createdAt, now: now)
    }

    /// "$45.00", "$5.00 / day", "Open to trade": every way the listing can be had.
    static func prices(of listing: MarketCore.Listing) -> [String] {
        var prices: [String] = []
        if let sale = listing.salePriceCents { prices.append(MoneyText.format(sale, currency: listing.currency)) }
        if let rent = listing.rentPriceCents, let unit = listing.rentUnit {
            prices.append(MoneyText.format(rent, currency: listing.currency) + " / " + unit.rawValue)
        }
        if listing.openToTrade { prices.append("Open to trade") }
        return prices
    }
}
