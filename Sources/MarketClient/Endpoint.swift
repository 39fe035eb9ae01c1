import Foundation

/// One API call: method, path under `/api/v1`, and an optional JSON body.
/// Each resource has its own enum of endpoints (see `AuthEndpoint`, `ProfileEndpoint`).
public protocol Endpoint: Sendable {
    var method: String { get }
    var path: String { get }
    var body: (any Encodable & Sendable)? { get }
    /// URL query parameters, for endpoints that take them.
    var queryItems: [URLQueryItem] { get }
}

extension Endpoint {
    public var body: (any Encodable & Sendable)? { nil }
    public var queryItems: [URLQueryItem] { [] }
}
