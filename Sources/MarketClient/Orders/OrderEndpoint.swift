import Foundation
import MarketCore

/// Buying, renting and the order lifecycle: `/api/v1/listings/{id}/purchase|rentals|availability`,
/// `/api/v1/orders`, `/api/v1/me/activity`, and buying or renting a listing.
public enum OrderEndpoint: Endpoint {
    case purchase(listing: UUID, PurchaseRequest)
    case rent(listing: UUID, RentalRequest)
    case availability(listing: UUID)
    /// Your orders; `query` items are `role`, `status`, `type`, `limit`, `cursor`.
    case list([URLQueryItem])
    case show(UUID)
    /// A lifecycle step; `complete` takes the buyer's confirmation code.
    case act(UUID, OrderAction, confirmationCode: String? = nil)
    case activity(ActivityKind, cursor: String? = nil)

    public var method: String {
        switch self {
        case .availability, .list, .show, .activity: "GET"
        case .purchase, .rent, .act: "POST"
        }
    }

    public var path: String {
        switch self {
        case .purchase(let id, _): "listings/\(id)/purchase"
        case .rent(let id, _): "listings/\(id)/rentals"
        case .availability(let id): "listings/\(id)/availability"
        case .list: "orders"
        case .show(let id): "orders/\(id)"
        case .act(let id, let action, _): "orders/\(id)/\(action.rawValue)"
        case .activity: "me/activity"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .list(let items): items
        case .activity(let kind, let cursor): [URLQueryItem(name: "kind", value: kind.rawValue)] + (cursor.map { [URLQueryItem(name: "cursor", value: $0)] } ?? [])
        default: []
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .purchase(_, let request): request
        case .rent(_, let request): request
        case .act(_, .complete, let code): CompleteOrderRequest(confirmationCode: code)
        default: nil
        }
    }
}
