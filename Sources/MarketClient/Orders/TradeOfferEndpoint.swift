import Foundation
import MarketCore

/// Trade offers: `/api/v1/listings/{id}/trade-offers` and `/api/v1/trade-offers`.
public enum TradeOfferEndpoint: Endpoint {
    case offer(listing: UUID, TradeOfferRequest)
    /// `role` (`received` or `sent`), `status`, `listingId`, `limit`, `cursor`.
    case list([URLQueryItem])
    case show(UUID)
    case accept(UUID)
    case decline(UUID)
    case withdraw(UUID)

    public var method: String {
        switch self {
        case .list, .show: "GET"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .offer(let id, _): "listings/\(id)/trade-offers"
        case .list: "trade-offers"
        case .show(let id): "trade-offers/\(id)"
        case .accept(let id): "trade-offers/\(id)/accept"
        case .decline(let id): "trade-offers/\(id)/decline"
        case .withdraw(let id): "trade-offers/\(id)/withdraw"
        }
    }

    public var queryItems: [URLQueryItem] {
        if case .list(let items) = self { return items }
        return []
    }

    public var body: (any Encodable & Sendable)? {
        if case .offer(_, let request) = self { return request }
        return nil
    }
}
