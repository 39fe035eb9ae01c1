import Foundation
import MarketCore

/// `/api/v1/me/favorites`: the listings the signed-in student saved.
public enum FavoriteEndpoint: Endpoint {
    /// Answers a `FavoritePage`, newest first; listings that left the market say so.
    case list(PageRequest = .first)
    /// Saves a listing (again: no change); answers the `Favorite`.
    case save(UUID)
    /// Stops saving it; answers nothing (204).
    case remove(UUID)

    public var method: String {
        switch self {
        case .list: "GET"
        case .save: "PUT"
        case .remove: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .list: "me/favorites"
        case .save(let id), .remove(let id): "me/favorites/\(id.wireString)"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .list(let page) = self else { return [] }
        return page.queryItems
    }
}
