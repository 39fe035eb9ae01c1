import ArgumentParser
import Foundation
import MarketClient
import MarketCore

extension ListingInput {
    /// The listing as its own full replacement.
    init(_ listing: Listing) {
        self.init(title: listing.title, description: listing.description, categories: listing.categories.map(\.rawValue),
                  condition: listing.condition.rawValue, salePriceCents: listing.salePriceCents,
                  rentPriceCents: listing.rentPriceCents, rentUnit: listing.rentUnit?.rawValue,
                  openToTrade: listing.openToTrade, currency: listing.currency, textbook: listing.textbook,
                  depositCents: listing.depositCents, language: listing.language)
    }
}
