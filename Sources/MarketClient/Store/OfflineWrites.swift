import Foundation

/// Which writes wait for the network when it is gone, and which are refused: the one place that
/// says so, for the view models and the `market` command alike.
///
/// What waits changes only the student's own things, or says something to someone, and is the
/// same whenever it arrives: a message, marking read, a favorite, a saved search, notification
/// settings, a new listing and its photos (kept behind it: `APIClient.keep(after:_:summary:)`),
/// a listing's edit carrying its version, a photo added, a report, a review. What is refused
/// depends on what others did meanwhile and must not be decided on a stale screen: buying,
/// renting, a trade offer, an order's next step, a feature, a listing's edit without the version
/// it was made from, and removing or reordering photos.
public enum OfflineWrites {
    public static func mayWait(_ endpoint: any Endpoint) -> Bool {
        switch endpoint {
        case let conversation as ConversationEndpoint:
            if case .send = conversation { return true }
            if case .markRead = conversation { return true }
            return false
        case let notification as NotificationEndpoint:
            if case .markRead = notification { return true }
            if case .markAllRead = notification { return true }
            return false
        case is FavoriteEndpoint, is SavedSearchEndpoint, is NotificationSettingsEndpoint:
            return endpoint.method != "GET"
        case let listing as ListingEndpoint:
            switch listing {
            case .create, .addPhoto: return true
            // An edit waits only when it names the version it was made from: sent late, it is
            // refused (412) if the listing changed meanwhile, never undoing that change.
            case .replace(_, _, let version): return version != nil
            default: return false
            }
        case let trust as TrustEndpoint:
            switch trust {
            case .report, .review, .reply: return true
            default: return false
            }
        default:
            return false
        }
    }
}
