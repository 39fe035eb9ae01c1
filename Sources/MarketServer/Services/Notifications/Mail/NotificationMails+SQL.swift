import Foundation
import SQLKit

/// The statements of `NotificationMails`: who has mail due, taking their lines, and how far each
/// side of a conversation has read.
extension NotificationMails {
    /// People and topics with a line due at `now`, at most 200 a round.
    static func dueRecipients(at now: Date, on sql: any SQLDatabase) async throws -> [(userID: UUID, topic: String)] {
        try await sql.raw("""
            SELECT DISTINCT user_id, topic FROM pending_mails WHERE due_at <= \(bind: now) LIMIT 200
            """).all().map { (try $0.decode(column: "user_id", as: UUID.self), try $0.decode(column: "topic", as: String.self)) }
    }

    /// Takes a person's lines of a topic (those due by `dueBy`, or all when nil) in one
    /// DELETE … RETURNING: of two instances, one gets each line.
    static func takeLines(of userID: UUID, topic: String, dueBy: Date?, on sql: any SQLDatabase) async throws -> [Line] {
        let onlyDue: SQLQueryString = dueBy.map { "AND due_at <= \(bind: $0)" } ?? ""
        return try await sql.raw("""
            DELETE FROM pending_mails WHERE user_id = \(bind: userID) AND topic = \(bind: topic) \(onlyDue)
            RETURNING user_id, topic, line, path, notification_id, conversation_id, message_seq
            """).all(decoding: Line.self)
    }

    /// Conversation → person → the last message seq they read.
    static func readUpTo(in conversationIDs: [UUID], on sql: any SQLDatabase) async throws -> [UUID: [UUID: Int64]] {
        guard !conversationIDs.isEmpty else { return [:] }
        var read: [UUID: [UUID: Int64]] = [:]
        for row in try await sql.raw("""
            SELECT id, buyer_id, seller_id, buyer_read_seq, seller_read_seq FROM conversations WHERE id IN \(SQLBind.group(conversationIDs))
            """).all() {
            read[try row.decode(column: "id", as: UUID.self)] = [
                try row.decode(column: "buyer_id", as: UUID.self): try row.decode(column: "buyer_read_seq", as: Int64.self),
                try row.decode(column: "seller_id", as: UUID.self): try row.decode(column: "seller_read_seq", as: Int64.self),
            ]
        }
        return read
    }
}
