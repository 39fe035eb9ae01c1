import Foundation
import MarketCore

/// `/api/v1/me/notification-settings`: how the signed-in student hears of each topic.
public enum NotificationSettingsEndpoint: Endpoint {
    /// Answers `NotificationSettings`.
    case get
    /// Answers the `NotificationSettings` now; a topic or channel left out keeps its setting.
    case update(NotificationSettingsUpdate)

    public var method: String {
        switch self {
        case .get: "GET"
        case .update: "PUT"
        }
    }

    public var path: String { "me/notification-settings" }

    public var body: (any Encodable & Sendable)? {
        guard case .update(let update) = self else { return nil }
        return update
    }
}
