import Fluent
import Foundation
import MarketCore
import SQLKit

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
            try await db.sql.raw("""
                INSERT INTO conversations (id, listing_id, buyer_id, seller_id, buyer_read_seq, seller_read_seq, created_at, last_activity_at)
                VALUES (\(bind: id), \(bind: listingID), \(bind: buyerID), \(bind: sellerID), 0, 0, \(bind: now), \(bind: now))
                """).run()
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

    private static func conversationID(listing: UUID, buyer: UUID, on db: any Database) async throws -> UUID? {
        try await db.sql.raw("SELECT id FROM conversations WHERE listing_id = \(bind: listing) AND buyer_id = \(bind: buyer)")
            .first(decodingColumn: "id", as: UUID.self)
    }

    // MARK: Reading

    func page(for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> ConversationPage {
        var filter: SQLQueryString = ""
        if let cursor { filter = "AND \(cursor.rowsAfter(table: "conversations", alias: "c", time: "last_activity_at"))" }
        var rows = try await database.sql.raw(ConversationRow.query(viewer: userID, where: filter, limit: limit + 1))
            .all(decoding: ConversationRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        var next: PageCursor?
        if rows.count > limit {
            rows.removeLast()
            next = rows.last.map { PageCursor(seq: $0.seq, at: $0.lastActivityAt) }
        }
        return ConversationPage(items: try rows.map { try $0.present(viewer: userID) }, nextCursor: next?.token,
                                unreadCount: try await unreadCount(for: userID))
    }

    func conversation(_ id: UUID, for userID: UUID) async throws -> Conversation {
        guard let row = try await database.sql.raw(ConversationRow.query(viewer: userID, where: "AND c.id = \(bind: id)", limit: 1))
            .first(decoding: ConversationRow.self, keyDecodingStrategy: .convertFromSnakeCase) else {
            throw APIError.conversationNotFound
        }
        return try row.present(viewer: userID)
    }

    /// The id of the one conversation of this user's whose id begins with `prefix`.
    func conversationID(prefix: IDPrefix, for userID: UUID) async throws -> UUID {
        let range = "AND c.id >= \(bind: prefix.range.lowerBound) AND c.id <= \(bind: prefix.range.upperBound)" as SQLQueryString
        let rows = try await database.sql.raw(ConversationRow.query(viewer: userID, where: range, limit: 10))
            .all(decoding: ConversationRow.self, keyDecodingStrategy: .convertFromSnakeCase)
        return try APIError.uniqueMatch(rows.map(\.id), of: prefix, what: "conversation") ?? { throw APIError.conversationNotFound }()
    }

    /// Messages from others the user has not read, across all their conversations.
    func unreadCount(for userID: UUID) async throws -> Int {
        try await database.sql.raw("""
            SELECT COUNT(*) AS unread FROM messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE m.sender_id <> \(bind: userID) AND (
              (c.buyer_id = \(bind: userID) AND m.seq > c.buyer_read_seq) OR (c.seller_id = \(bind: userID) AND m.seq > c.seller_read_seq))
            """).first(decodingColumn: "unread", as: Int.self) ?? 0
    }

    /// Newest first; the cursor pages back through history.
    func messages(in conversationID: UUID, for userID: UUID, limit: Int, after cursor: PageCursor?) async throws -> MessagePage {
        _ = try await Self.participants(of: conversationID, member: userID, on: database)
        let before: SQLQueryString = cursor.map { "AND m.seq < \(bind: $0.seq)" } ?? ""
        var rows = try await database.sql.raw("""
            \(MessageRow.select) WHERE m.conversation_id = \(bind: conversationID) \(before) ORDER BY m.seq DESC LIMIT \(literal: limit + 1)
            """).all(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
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
            guard let seq = try await tx.sql.raw("""
                INSERT INTO messages (id, conversation_id, sender_id, client_id, text, created_at)
                VALUES (\(bind: id), \(bind: conversationID), \(bind: userID), \(bind: draft.clientId), \(bind: draft.text), \(bind: now))
                RETURNING seq
                """).first(decodingColumn: "seq", as: Int64.self) else { throw APIError.conversationNotFound }
            // The sender has read their own message.
            let readColumn = userID == parties.buyer ? "buyer_read_seq" : "seller_read_seq"
            try await tx.sql.raw("""
                UPDATE conversations SET last_message_seq = \(bind: seq), last_activity_at = \(bind: now), \(ident: readColumn) = \(bind: seq)
                WHERE id = \(bind: conversationID)
                """).run()
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
            let target: SQLQueryString = messageID.map { "AND id = \(bind: $0)" } ?? ""
            guard let row = try await tx.sql.raw("""
                SELECT seq, id FROM messages WHERE conversation_id = \(bind: conversationID) \(target) ORDER BY seq DESC LIMIT 1
                """).first() else {
                if messageID != nil { throw APIError.validation(["upTo": "is not a message of this conversation"]) }
                return
            }
            let seq = try row.decode(column: "seq", as: Int64.self), upTo = try row.decode(column: "id", as: UUID.self)
            let readColumn = userID == parties.buyer ? "buyer_read_seq" : "seller_read_seq"
            let moved = try await tx.sql.raw("""
                UPDATE conversations SET \(ident: readColumn) = \(bind: seq) WHERE id = \(bind: conversationID) AND \(ident: readColumn) < \(bind: seq)
                RETURNING id
                """).all()
            guard !moved.isEmpty else { return }
            let read = ConversationRead(conversationId: conversationID, readerId: userID, upTo: upTo, readAt: now)
            try events.record(.conversationRead, read, for: [parties.buyer, parties.seller], at: now, in: tx)
        }
        return try await conversation(conversationID, for: userID)
    }

    // MARK: Helpers

    struct Parties: Sendable {
        var buyer: UUID
        var seller: UUID
        var buyerName: String
        var sellerName: String

        func senderName(_ id: UUID) -> String { id == buyer ? buyerName : sellerName }
    }

    /// The two sides of a conversation `member` belongs to; 404 otherwise (the same answer as
    /// for one that does not exist, so ids cannot be probed).
    static func participants(of conversationID: UUID, member: UUID, on db: any Database) async throws -> Parties {
        struct Row: Decodable { var buyerId: UUID; var sellerId: UUID; var buyerName: String; var sellerName: String }
        guard let row = try await db.sql.raw("""
            SELECT c.buyer_id, c.seller_id, b.public_name AS buyer_name, s.public_name AS seller_name FROM conversations c
            JOIN users b ON b.id = c.buyer_id JOIN users s ON s.id = c.seller_id WHERE c.id = \(bind: conversationID)
            """).first(decoding: Row.self, keyDecodingStrategy: .convertFromSnakeCase),
              row.buyerId == member || row.sellerId == member else { throw APIError.conversationNotFound }
        return Parties(buyer: row.buyerId, seller: row.sellerId, buyerName: row.buyerName, sellerName: row.sellerName)
    }

    /// The conversation a message is in, when `member` is one of its two sides (nil otherwise).
    static func conversationID(ofMessage messageID: UUID, member: UUID, on db: any Database) async throws -> UUID? {
        try await db.sql.raw("""
            SELECT c.id FROM messages m JOIN conversations c ON c.id = m.conversation_id
            WHERE m.id = \(bind: messageID) AND (c.buyer_id = \(bind: member) OR c.seller_id = \(bind: member))
            """).first(decodingColumn: "id", as: UUID.self)
    }

    private static func message(sender: UUID, clientId: String, on db: any Database) async throws -> MessageRow? {
        try await db.sql.raw("\(MessageRow.select) WHERE m.sender_id = \(bind: sender) AND m.client_id = \(bind: clientId)")
            .first(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }
}
