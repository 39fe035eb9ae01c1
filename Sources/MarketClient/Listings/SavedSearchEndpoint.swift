import Foundation
import MarketCore

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
