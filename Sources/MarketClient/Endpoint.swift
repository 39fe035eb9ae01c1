import Foundation

/// One API call: method, path under `/api/v1`, and an optional JSON body.
/// Each resource has its own enum of endpoints (see `AuthEndpoint`, `ProfileEndpoint`).
public protocol Endpoint: Sendable {
    var method: String { get }
    var path: String { get }
    var body: (any Encodable & Sendable)? { get }
}

extension Endpoint {
    public var body: (any Encodable & Sendable)? { nil }
}
