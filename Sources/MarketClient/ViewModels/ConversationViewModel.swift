import Foundation
import MarketCore
import Observation

/// One conversation: its messages oldest first (older pages on demand), the draft being
/// typed, and "seen". A send keeps its `clientId` until the server stored it, so retrying
/// after a timeout never sends the message twice. `listen()` adds what arrives live.
@MainActor
@Observable
public final class ConversationViewModel: ReadingScreen {
    public let conversationID: UUID
    public private(set) var conversation: Conversation?
    /// Oldest first, as a chat shows them.
    public private(set) var messages: [ConversationMessage] = []
    public private(set) var hasOlder = false
    /// Messages written while the server could not be reached, oldest first: shown after the
    /// others as "Will send when online" (or failed, with the server's word) until sent.
    public private(set) var waiting: [OutboxItem] = []
    public var draft = ""
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?
    public var freshness = Freshness()

    @ObservationIgnored private let client: APIClient
    @ObservationIgnored private var olderCursor: String?
    /// The key of the draft being sent; renewed once the server has it.
    @ObservationIgnored private var pendingClientID = UUID().wireString
    /// Whether a stream of this screen has connected once (`listen`).
    @ObservationIgnored private var following = false

    public init(conversationID: UUID, client: APIClient) {
        self.conversationID = conversationID
        self.client = client
    }

    /// Whether the other person has read the newest message, when it is the viewer's.
    public var isSeen: Bool {
        guard let last = messages.last, let conversation, last.senderId != conversation.otherUser.id else { return false }
        return conversation.otherReadUpTo == last.id
    }

    /// The newest page, then marks it read.
    public func load() async {
        let page = await read({ try await client.send(ConversationEndpoint.messages(conversationID, PageRequest(limit: 50))) as MessagePage }) { page in
            messages = page.items.reversed()
            olderCursor = page.nextCursor
            hasOlder = page.nextCursor != nil
        }
        refreshWaiting()
        if page != nil, !isOffline { await markRead() }
    }

    public func loadOlder() async {
        guard let cursor = olderCursor, !isLoading else { return }
        let page: MessagePage? = await perform {
            try await client.send(ConversationEndpoint.messages(conversationID, PageRequest(limit: 50, cursor: cursor)))
        }
        guard let page else { return }
        let known = Set(messages.map(\.id))
        messages.insert(contentsOf: page.items.reversed().filter { !known.contains($0.id) }, at: 0)
        olderCursor = page.nextCursor
        hasOlder = page.nextCursor != nil
    }

    /// Sends the draft, or keeps it to send once online (``waiting``); false (with
    /// `fieldErrors["text"]` or `errorMessage`) when it was neither sent nor kept.
    @discardableResult
    public func send() async -> Bool {
        guard let checked = checked(SendMessageRequest(text: draft, clientId: pendingClientID).validated()) else { return false }
        let request = SendMessageRequest(text: checked.text, clientId: checked.clientId)
        guard let delivery = await perform({
            try await client.sendOrKeep(ConversationEndpoint.send(conversationID, request), as: ConversationMessage.self,
                                        summary: "Message: \(checked.text ?? "")")
        }) else { return false }
        if case .sent(let message) = delivery { insert(message) }
        refreshWaiting()
        draft = ""
        pendingClientID = UUID().wireString
        return true
    }

    /// Sends what waits (the network is back), then shows the conversation as the server has it.
    public func sendWaiting() async {
        await client.sendWaiting()
        refreshWaiting()
        await load()
    }

    private func refreshWaiting() {
        let path = ConversationEndpoint.send(conversationID, SendMessageRequest(text: nil)).path
        waiting = client.store?.outbox(under: path) ?? []
    }

    public func markRead() async {
        if let read: Conversation = try? await client.send(ConversationEndpoint.markRead(conversationID)) { conversation = read }
    }

    /// Applies one live update that concerns this conversation.
    public func apply(_ update: LiveUpdate) async {
        switch update {
        case .event(let event):
            switch event.payload {
            case .message(let message) where message.conversationId == conversationID:
                insert(message)
                if message.senderId == conversation?.otherUser.id { await markRead() }
            case .conversationRead(let read) where read.conversationId == conversationID && read.readerId == conversation?.otherUser.id:
                conversation?.otherReadUpTo = read.upTo
            default: break
            }
        case .resync: await load()
        case .connected:
            // A resumed stream replays what was missed; the first one starts after `load()`
            // read the conversation, so what happened in between (the other side reading it, a
            // message) is read again.
            if !following {
                following = true
                await load()
            }
        }
    }

    /// Follows the live stream until the calling task is cancelled.
    public func listen() async {
        do {
            for try await update in client.liveEvents() { await apply(update) }
        } catch {
            show(error)
        }
    }

    private func insert(_ message: ConversationMessage) {
        guard !messages.contains(where: { $0.id == message.id }) else { return }
        messages.append(message)
    }
}
