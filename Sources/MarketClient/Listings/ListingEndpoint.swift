import Foundation
import MarketCore

/// `/api/v1/listings`: the feed and search, a listing, and the owner's changes.
public enum ListingEndpoint: Endpoint {
    /// The feed or a search; `query` items are the API's parameters (`q`, `category`, `sort`, `cursor`, ...).
    case search([URLQueryItem])
    case show(UUID)
    case create(ListingInput)
    case replace(UUID, ListingInput)
    case delete(UUID)
    case feature(UUID)
    case cancelFeature(UUID)

    public var method: String {
        switch self {
        case .search, .show: "GET"
        case .create, .feature: "POST"
        case .replace: "PUT"
        case .delete, .cancelFeature: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .search, .create: "listings"
        case .show(let id), .replace(let id, _), .delete(let id): "listings/\(id)"
        case .feature(let id), .cancelFeature(let id): "listings/\(id)/feature"
        }
    }

    public var queryItems: [URLQueryItem] {
        if case .search(let items) = self { return items }
        return []
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .create(let input), .replace(_, let input): input
        default: nil
        }
    }
}
