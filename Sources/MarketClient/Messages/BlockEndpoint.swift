import Foundation
import MarketCore

/// `/api/v1/users/{id}/block` and `/api/v1/blocks`.
public enum BlockEndpoint: Endpoint {
    /// Answers the `BlockedUser`.
    case block(UUID)
    /// Answers 204.
    case unblock(UUID)
    /// Answers the `BlockList`.
    case list

    public var method: String {
        switch self {
        case .block: "POST"
        case .unblock: "DELETE"
        case .list: "GET"
        }
    }

    public var path: String {
        switch self {
        case .block(let id), .unblock(let id): "users/\(id.wireString)/block"
        case .list: "blocks"
        }
    }
}
