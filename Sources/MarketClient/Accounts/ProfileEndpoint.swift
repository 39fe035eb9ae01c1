import MarketCore

public enum ProfileEndpoint: Endpoint {
    case show
    case update(UpdateProfileRequest)
    case delete

    public var method: String {
        switch self {
        case .show: "GET"
        case .update: "PATCH"
        case .delete: "DELETE"
        }
    }

    public var path: String { "me" }

    public var body: (any Encodable & Sendable)? {
        if case .update(let request) = self { return request }
        return nil
    }
}
