import Foundation
import MarketCore
import Observation

/// The conversations, newest activity first, with the unread total for a badge. `listen()`
/// keeps it current from the live event stream while the screen is shown.
@MainActor
@Observable
public final class InboxViewModel: PagedScreen {
    public private(set) var conversations = PagedList<Conversation>()
    public private(set) var unreadCount = 0
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func load(more: Bool) async {
        if let page = await loadPage(into: \.conversations, more: more, limit: 30, { try await client.send(ConversationEndpoint.list($0)) as ConversationPage }) {
            unreadCount = page.unreadCount
        }
    }

    /// Follows the live stream until the calling task is cancelled (SwiftUI: `.task { await inbox.listen() }`).
    /// A message or a read anywhere reorders the list and changes counts, so it reloads the first
    /// page; so does each (re)connection, for what happened while no stream was open.
    public func listen() async {
        do {
            for try await update in client.liveEvents() {
                switch update {
                case .event(let event) where event.kind != .notification: await refresh()
                case .resync, .connected: await refresh()
                default: continue
                }
            }
        } catch {
            show(error)
        }
    }
}
