import Foundation
import MarketCore

/// Trade offers: `/api/v1/listings/{id}/trade-offers` and `/api/v1/trade-offers`.
public enum TradeOfferEndpoint: Endpoint {
    /// Answers the new `TradeOffer` (201).
    case offer(listing: UUID, TradeOfferRequest)
    /// Answers a `TradeOfferPage`.
    case list(TradeOfferFilter = TradeOfferFilter())
    /// Answers a `TradeOffer` I made or received.
    case show(UUID)
    /// The seller accepts: answers the `TradeOffer` with its order.
    case accept(UUID)
    /// The seller declines: answers the `TradeOffer`.
    case decline(UUID)
    /// The offerer takes it back: answers the `TradeOffer`.
    case withdraw(UUID)

    public var method: String {
        switch self {
        case .list, .show: "GET"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .offer(let id, _): "listings/\(id.wireString)/trade-offers"
        case .list: "trade-offers"
        case .show(let id): "trade-offers/\(id.wireString)"
        case .accept(let id): "trade-offers/\(id.wireString)/accept"
        case .decline(let id): "trade-offers/\(id.wireString)/decline"
        case .withdraw(let id): "trade-offers/\(id.wireString)/withdraw"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .list(let filter) = self else { return [] }
        return QueryItems().adding("role", filter.role).adding("status", filter.status).adding("listingId", filter.listing)
            .adding(filter.page.queryItems).items
    }

    public var body: (any Encodable & Sendable)? {
        if case .offer(_, let request) = self { return request }
        return nil
    }
}
