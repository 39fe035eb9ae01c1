import MarketCore

public enum AuthEndpoint: Endpoint {
    case register(RegisterRequest)
    case login(LoginRequest)
    case logout
    case status

    public var method: String {
        switch self {
        case .register, .login, .logout: "POST"
        case .status: "GET"
        }
    }

    public var path: String {
        switch self {
        case .register: "auth/register"
        case .login: "auth/login"
        case .logout: "auth/logout"
        case .status: "auth/status"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .register(let request): request
        case .login(let request): request
        case .logout, .status: nil
        }
    }
}
