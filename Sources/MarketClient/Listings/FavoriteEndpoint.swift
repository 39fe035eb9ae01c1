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

/// `/api/v1/me/saved-searches`: searches kept to hear of new listings that match.
public enum SavedSearchEndpoint: Endpoint {
    /// Answers `[SavedSearch]`, newest first.
    case list
    /// Answers the `SavedSearch` (201); 409 `too_many_saved_searches` past 20.
    case save(SavedSearchInput)
    /// Answers the renamed `SavedSearch`.
    case rename(UUID, String)
    /// Answers nothing (204).
    case delete(UUID)

    public var method: String {
        switch self {
        case .list: "GET"
        case .save: "POST"
        case .rename: "PATCH"
        case .delete: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .list, .save: "me/saved-searches"
        case .rename(let id, _), .delete(let id): "me/saved-searches/\(id.wireString)"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .save(let input): input
        case .rename(_, let name): SavedSearchInput(name: name)
        case .list, .delete: nil
        }
    }
}
