import Fluent
import Foundation
import MarketCore

/// Conversations and their messages. Every write runs in one transaction that also records
/// the events it causes, so a message is stored, counted against the sender's throttle and
/// announced to both sides together, or not at all.
struct ConversationService {
    let database: any Database
    let writes: WriteTransactions
    let trust: TrustPolicy
    let events: EventLog
    /// Tells the other side away from the page (a push, mail if still unread a while later).
    let notifier: Notifier
    let throttle: MessageThrottle
    let now: Date

    // MARK: Opening

    /// Opens the conversation about `listingID` between `userID` and its seller, or returns the
    /// one they already have (`created` false).
    func open(about listingID: UUID, by userID: UUID) async throws -> (Conversation, created: Bool) {
        try await trust.requireVerified(userID, on: database)
        return try await openOrFind(viewer: userID, throttled: true) { db in
            guard let listing = try await ListingRecord.query(on: db).filter(\.$id == listingID).first() else {
                throw APIError.listingNotFound
            }
            let sellerID = listing.$seller.id
            guard sellerID != userID else { throw APIError.ownListing("start a conversation about") }
            if !ListingVisibility.isPublic(listing.status) { throw APIError.listingUnavailable(status: listing.status) }
            return (listingID, buyer: userID, seller: sellerID)
        }
    }

    /// The conversation between an order's buyer and seller about its listing: the one an order
    /// page links to. Either party may open it.
    func open(forOrder orderID: UUID, by userID: UUID) async throws -> (Conversation, created: Bool) {
        try await trust.requireVerified(userID, on: database)
        return try await openOrFind(viewer: userID, throttled: false) { db in
            guard let order = try await OrderRecord.query(on: db).filter(\.$id == orderID).first(),
                  order.$buyer.id == userID || order.$seller.id == userID else { throw APIError.orderNotFound }
            return (order.$listing.id, buyer: order.$buyer.id, seller: order.$seller.id)
        }
    }

    private func openOrFind(viewer: UUID, throttled: Bool,
                            _ parties: @escaping @Sendable (any Database) async throws -> (UUID, buyer: UUID, seller: UUID)) async throws -> (Conversation, created: Bool) {
        let open = { @Sendable [now, throttle] (db: any Database) async throws -> (UUID, Bool) in
            try await throttle.lock(viewer, on: db)
            let (listingID, buyerID, sellerID) = try await parties(db)
            if let existing = try await Self.conversationID(listing: listingID, buyer: buyerID, on: db) { return (existing, false) }
            if try await Blocks.between(buyerID, sellerID, on: db) { throw APIError.messagingBlocked }
            // Opened from an order, a conversation is about a deal already made: not spam.
            if throttled { try await throttle.checkNewConversation(by: viewer, on: db) }
            let id = UUID()
            try await Self.insertConversation(id, listing: listingID, buyer: buyerID, seller: sellerID, at: now, on: db)
            return (id, true)
        }
        let id: UUID, created: Bool
        do {
            (id, created) = try await writes.run { tx in try await open(tx.db) }
        } catch where DatabaseConflict.isConflict(error) {
            // Both sides of an order opened it at once: the other one's insert won.
            (id, created) = try await writes.run { tx in try await open(tx.db) }
        }
        return (try await conversation(id, for: viewer), created)
    }

    // MARK: Reading

    func page(for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> ConversationPage {
        var rows = try await Self.conversations(of: userID, after: cursor, limit: limit + 1, on: database)
        var next: PageCursor?
        if rows.count > limit {
            rows.removeLast()
            next = rows.last.map { PageCursor(seq: $0.seq, at: $0.lastActivityAt) }
        }
        return ConversationPage(items: try rows.map { try $0.present(viewer: userID) }, nextCursor: next?.token,
                                unreadCount: try await unreadCount(for: userID))
    }

    func conversation(_ id: UUID, for userID: UUID) async throws -> Conversation {
        guard let row = try await Self.conversation(id, of: userID, on: database) else {
            throw APIError.conversationNotFound
        }
        return try row.present(viewer: userID)
    }

    /// The id of the one conversation of this user's whose id begins with `prefix`.
    func conversationID(prefix: IDPrefix, for userID: UUID) async throws -> UUID {
        let rows = try await Self.conversations(of: userID, beginningWith: prefix, limit: 10, on: database)
        return try APIError.uniqueMatch(rows.map(\.id), of: prefix, what: "conversation") ?? { throw APIError.conversationNotFound }()
    }

    /// Messages from others the user has not read, across all their conversations.
    func unreadCount(for userID: UUID) async throws -> Int {
        try await Self.unreadCount(for: userID, on: database)
    }

    /// Newest first; the cursor pages back through history.
    func messages(in conversationID: UUID, for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> MessagePage {
        _ = try await Self.participants(of: conversationID, member: userID, on: database)
        var rows = try await Self.messages(in: conversationID, before: cursor?.seq, limit: limit + 1, on: database)
        var next: PageCursor?
        if rows.count > limit {
            rows.removeLast()
            next = rows.last.map { PageCursor(seq: $0.seq) }
        }
        return MessagePage(items: rows.map(\.message), nextCursor: next?.token)
    }

    // MARK: Writing

    /// Stores a message and announces it to both sides. A `clientId` already used by this
    /// sender returns the stored message (`created` false) instead of storing it again.
    func send(_ draft: MessageDraft, in conversationID: UUID, by userID: UUID) async throws -> (ConversationMessage, created: Bool) {
        try await trust.requireVerified(userID, on: database)
        return try await writes.run { [now, throttle, events, notifier] tx in
            let parties = try await Self.participants(of: conversationID, member: userID, on: tx.db)
            try await throttle.lock(userID, on: tx.db)
            if let clientId = draft.clientId, let earlier = try await Self.message(sender: userID, clientId: clientId, on: tx.db) {
                guard earlier.conversationId == conversationID, earlier.text == draft.text else { throw APIError.clientIdReused }
                return (earlier.message, false)
            }
            if try await Blocks.between(parties.buyer, parties.seller, on: tx.db) { throw APIError.messagingBlocked }
            try await throttle.checkMessage(by: userID, on: tx.db)
            let id = UUID()
            let seq = try await Self.insertMessage(id, draft, in: conversationID, by: userID, at: now, on: tx.db)
            // The sender has read their own message.
            try await Self.recordLastMessage(seq, in: conversationID, readBy: parties.readColumn(of: userID), at: now, on: tx.db)
            let message = ConversationMessage(id: id, conversationId: conversationID, senderId: userID, senderName: parties.senderName(userID),
                                              text: draft.text, clientId: draft.clientId, sentAt: now)
            try events.record(.message, message, for: [parties.buyer, parties.seller], at: now, in: tx)
            let text = draft.text.count > 140 ? String(draft.text.prefix(139)) + "…" : draft.text
            try await notifier.send(OutgoingNotification(userID: userID == parties.buyer ? parties.seller : parties.buyer, kind: .messageReceived,
                                                         message: "\(parties.senderName(userID)): \(text)", conversationID: conversationID,
                                                         messageSeq: seq), in: tx)
            return (message, true)
        }
    }

    /// Marks the conversation read by `userID` up to `messageID` (the newest message when nil).
    /// Reading never moves backwards; the other side hears of it when it moves forwards.
    func markRead(_ conversationID: UUID, upTo messageID: UUID?, by userID: UUID) async throws -> Conversation {
        try await writes.run { [now, events] tx in
            let parties = try await Self.participants(of: conversationID, member: userID, on: tx.db)
            guard let (seq, upTo) = try await Self.latestMessage(in: conversationID, upTo: messageID, on: tx.db) else {
                if messageID != nil { throw APIError.validation(["upTo": "is not a message of this conversation"]) }
                return
            }
            guard try await Self.moveRead(in: conversationID, of: parties.readColumn(of: userID), to: seq, on: tx.db) else { return }
            let read = ConversationRead(conversationId: conversationID, readerId: userID, upTo: upTo, readAt: now)
            try events.record(.conversationRead, read, for: [parties.buyer, parties.seller], at: now, in: tx)
        }
        return try await conversation(conversationID, for: userID)
    }

    /// A conversation's two sides, as `participants(of:member:on:)` finds them.
    struct Parties: Sendable {
        var buyer: UUID
        var seller: UUID
        var buyerName: String
        var sellerName: String

        func senderName(_ id: UUID) -> String { id == buyer ? buyerName : sellerName }
        /// Where how far `id` has read is kept.
        func readColumn(of id: UUID) -> String { id == buyer ? "buyer_read_seq" : "seller_read_seq" }
    }
}
