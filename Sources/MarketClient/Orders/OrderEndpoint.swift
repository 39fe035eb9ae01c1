import Foundation
import MarketCore

/// Buying, renting and the order lifecycle: `/api/v1/listings/{id}/purchase|rentals|availability`,
/// `/api/v1/orders` and `/api/v1/me/activity`.
public enum OrderEndpoint: Endpoint {
    /// Answers the new `Order` (201); 409 `listing_unavailable` when someone was faster.
    case purchase(listing: UUID, PurchaseRequest)
    /// Answers the new `Order` (201); 409 `rental_overlap` when the period is taken.
    case rent(listing: UUID, RentalRequest)
    /// Answers `Availability`: the booked periods between `from` and `to` (the server's window when nil).
    case availability(listing: UUID, from: Date? = nil, to: Date? = nil)
    /// Answers an `OrderPage` of my orders, newest first.
    case list(OrderFilter = OrderFilter())
    /// Answers an `Order` I am a party to.
    case show(UUID)
    /// The one order of mine whose id begins with these digits.
    case find(IDPrefix)
    /// A lifecycle step; answers the `Order`. `complete` takes the buyer's confirmation code.
    case act(UUID, OrderAction, confirmationCode: String? = nil)
    /// Answers an `OrderPage`: bought, sold, borrowed, lent or traded.
    case activity(ActivityKind, PageRequest = .first)

    public var method: String {
        switch self {
        case .availability, .list, .show, .find, .activity: "GET"
        case .purchase, .rent, .act: "POST"
        }
    }

    public var path: String {
        switch self {
        case .purchase(let id, _): "listings/\(id.wireString)/purchase"
        case .rent(let id, _): "listings/\(id.wireString)/rentals"
        case .availability(let id, _, _): "listings/\(id.wireString)/availability"
        case .list: "orders"
        case .show(let id): "orders/\(id.wireString)"
        case .find(let prefix): "orders/\(prefix.digits)"
        case .act(let id, let action, _): "orders/\(id.wireString)/\(action.rawValue)"
        case .activity: "me/activity"
        }
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .availability(_, let from, let to):
            QueryItems().adding("from", from.map(Self.iso8601)).adding("to", to.map(Self.iso8601)).items
        case .list(let filter):
            QueryItems().adding("role", filter.role).adding("status", filter.status).adding("type", filter.type)
                .adding(filter.page.queryItems).items
        case .activity(let kind, let page):
            QueryItems().adding("kind", kind).adding(page.queryItems).items
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

    private static func iso8601(_ date: Date) -> String { ISO8601DateFormatter.wholeSeconds.string(from: date) }
}
