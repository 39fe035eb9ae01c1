import Foundation
import MarketCore

/// Which trade offers to list.
public struct TradeOfferFilter: Sendable, Equatable {
    public enum Role: String, Sendable, CaseIterable {
        /// Offers on my listings (the server's default).
        case received
        /// Offers I made.
        case sent
    }

    public var role: Role?
    public var status: TradeOfferStatus?
    /// Only offers for this listing.
    public var listing: UUID?
    public var page: PageRequest

    public init(role: Role? = nil, status: TradeOfferStatus? = nil, listing: UUID? = nil, page: PageRequest = .first) {
        self.role = role
        self.status = status
        self.listing = listing
        self.page = page
    }
}
