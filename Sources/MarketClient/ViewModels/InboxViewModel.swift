import Foundation
import MarketCore
import Observation

/// The conversations, newest activity first, with the unread total for a badge. `listen()`
/// keeps it current from the live event stream while the screen is shown.
@MainActor
@Observable
public final class InboxViewModel: ScreenModel {
    public private(set) var conversations = PagedList<Conversation>()
    public private(set) var unreadCount = 0
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient) {
        self.client = client
    }

    public func refresh() async { await load(after: nil) }

    public func loadMore() async {
        guard let cursor = conversations.nextCursor, !isLoading else { return }
        await load(after: cursor)
    }

    private func load(after cursor: String?) async {
        let page: ConversationPage? = await perform {
            try await client.send(ConversationEndpoint.list(PageRequest(limit: 30, cursor: cursor)))
        }
        if let page { unreadCount = conversations.show(page, fetchedAfter: cursor) }
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
