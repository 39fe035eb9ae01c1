import Foundation
import MarketCore

/// One API call: method, path under `/api/v1`, query parameters and a body.
///
/// Each resource has its own enum of endpoints with typed parameters (``AuthEndpoint``,
/// ``ListingEndpoint``, ``OrderEndpoint``, ...); ``APIClient/send(_:as:idempotencyKey:)`` sends one.
public protocol Endpoint: Sendable {
    /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
    var method: String { get }
    /// The path under `/api/v1`, without a leading slash (`listings/<id>`).
    var path: String { get }
    /// A JSON body, for endpoints that take one.
    var body: (any Encodable & Sendable)? { get }
    /// A file sent as `multipart/form-data`, for endpoints that take one (a listing photo).
    var upload: FileUpload? { get }
    /// URL query parameters, for endpoints that take them.
    var queryItems: [URLQueryItem] { get }
    /// Request headers of the call's own (`If-Match` on an edit).
    var headers: [String: String] { get }
}

extension Endpoint {
    public var body: (any Encodable & Sendable)? { nil }
    public var upload: FileUpload? { nil }
    public var queryItems: [URLQueryItem] { [] }
    public var headers: [String: String] { [:] }
}

extension PageRequest {
    var queryItems: [URLQueryItem] {
        QueryItems().adding("limit", limit).adding("cursor", cursor).items
    }
}
