import Foundation
import MarketCore

/// `/api/v1/me/devices`: the phones that get pushes. An app registers its APNs token after
/// `registerForRemoteNotifications()`, and forgets it when the student signs out.
public enum DeviceEndpoint: Endpoint {
    /// Answers `[PushDevice]`.
    case list
    /// Answers the `PushDevice` (201, or 200 when the token was registered already).
    case register(DeviceRegistration)
    /// Answers nothing (204).
    case forget(token: String)

    public var method: String {
        switch self {
        case .list: "GET"
        case .register: "POST"
        case .forget: "DELETE"
        }
    }

    public var path: String {
        switch self {
        case .list, .register: "me/devices"
        case .forget(let token): "me/devices/\(token)"
        }
    }

    public var body: (any Encodable & Sendable)? {
        guard case .register(let registration) = self else { return nil }
        return registration
    }
}
