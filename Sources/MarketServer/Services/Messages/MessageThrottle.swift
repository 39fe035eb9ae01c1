import Fluent
import Foundation
import SQLKit

/// Counts what one account wrote in the last minute (messages) or hour (new conversations),
/// inside the transaction about to write another. The transaction first takes a lock on the
/// sender (`TransactionLock.messageSender`), so two instances cannot both see 29 and write two.
struct MessageThrottle: Sendable {
    let policy: MessageThrottlePolicy
    let now: Date

    func lock(_ userID: UUID, on db: any Database) async throws {
        try await TransactionLock.messageSender.take(userID.wireString, on: db)
    }

    func checkMessage(by userID: UUID, on db: any Database) async throws {
        try await check(table: "messages", column: "sender_id", userID, limit: policy.messagesPerMinute, window: 60,
                        what: "messages", on: db)
    }

    func checkNewConversation(by userID: UUID, on db: any Database) async throws {
        try await check(table: "conversations", column: "buyer_id", userID, limit: policy.conversationsPerHour, window: 3_600,
                        what: "new conversations", on: db)
    }

    /// 429 when `limit` rows are already in the window, with the wait until the oldest of them leaves it.
    private func check(table: String, column: String, _ userID: UUID, limit: Int, window: TimeInterval, what: String,
                       on db: any Database) async throws {
        let windowStart = now.addingTimeInterval(-window)
        guard let pivot = try await db.sql.raw("""
            SELECT created_at FROM \(ident: table) WHERE \(ident: column) = \(bind: userID) AND created_at > \(bind: windowStart)
            ORDER BY created_at DESC LIMIT 1 OFFSET \(literal: limit - 1)
            """).first(decodingColumn: "created_at", as: Date.self) else { return }
        throw APIError.tooManyAttempts(retryAfter: min(window, max(1, pivot.timeIntervalSince(windowStart))), of: what)
    }
}
