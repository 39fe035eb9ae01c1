import Foundation
import MarketCore

/// `/api/v1/me/changes`: what changed for the signed-in student since a cursor
/// (``APIClient/catchUp()`` reads it).
public enum ChangesEndpoint: Endpoint {
    /// Answers an `AccountChangePage`; nil: an empty page and a cursor to start from.
    case since(String?, limit: Int? = nil)

    public var method: String { "GET" }
    public var path: String { "me/changes" }

    public var queryItems: [URLQueryItem] {
        guard case .since(let cursor, let limit) = self else { return [] }
        return [cursor.map { URLQueryItem(name: "since", value: $0) }, limit.map { URLQueryItem(name: "limit", value: String($0)) }]
            .compactMap { $0 }
    }
}
