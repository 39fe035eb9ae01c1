import Fluent
import Foundation
import Logging
import SQLKit

/// The outbox's rules: mail is queued inside a transaction, then sent by `deliverDue`, one
/// message at a time, each claimed first so several instances never send one twice.
struct MailOutbox {
    let database: any Database
    let now: Date
    /// SQLite's writer queue (`WriteTransactions`): a delivery round's own writes (claiming,
    /// removing, rescheduling a mail) wait there for the write lock, suspended, rather than spin
    /// for it on a pooled connection's thread while the writer holds it.
    var groupCommit: GroupCommit?

    /// Attempts before a mail is given up (about 4 hours of retries).
    static let maxAttempts = 9
    /// How long one instance holds a mail it is sending.
    static let claim: TimeInterval = 120

    func enqueue(_ message: MailMessage) async throws {
        try await MailOutboxRecord(message: message, now: now).create(on: database)
    }

    /// Sends every mail that is due; returns how many were sent.
    @discardableResult
    func deliverDue(with sender: any MailSender, from: String, logger: Logger) async throws -> Int {
        var sent = 0
        // A cancelled round (the application stopping) ends after the mail it is sending: the
        // rest stays due for the next start.
        let writes = WriteTransactions(database: database, groupCommit: groupCommit, committed: nil)
        while !Task.isCancelled, let claimed = try await writes.run({ tx in try await claimNext(on: tx.db) }) {
            let message = MailMessage(to: claimed.to_address, subject: claimed.subject, body: claimed.body, listUnsubscribe: claimed.list_unsubscribe)
            do {
                try await sender.send(message, from: from, messageID: "\(claimed.id.wireString)@campusmarket", date: now)
                try await writes.run { tx in try await MailOutboxRecord.query(on: tx.db).filter(\.$id == claimed.id).delete() }
                sent += 1
            } catch {
                try await writes.run { tx in try await failed(claimed, error: error, logger: logger, on: tx.db) }
            }
        }
        return sent
    }

    private struct Claimed: Decodable, Sendable {
        let id: UUID
        let to_address: String
        let subject: String
        let body: String
        let attempts: Int
        let list_unsubscribe: String?
    }

    /// Takes the next due mail no other instance holds: the WHERE is checked again on the
    /// updated row, so of two instances racing for one mail only one gets it.
    private func claimNext(on database: any Database) async throws -> Claimed? {
        let free = SQLQueryString("failed_at IS NULL AND next_attempt_at <= \(bind: now) AND (claimed_until IS NULL OR claimed_until < \(bind: now))")
        return try await database.sql.raw("""
            UPDATE mail_outbox SET claimed_until = \(bind: now.addingTimeInterval(Self.claim)), attempts = attempts + 1
            WHERE id = (SELECT id FROM mail_outbox WHERE \(free) ORDER BY next_attempt_at LIMIT 1) AND \(free)
            RETURNING id, to_address, subject, body, attempts, list_unsubscribe
            """).first(decoding: Claimed.self)
    }

    /// Backs off 30 s, 1, 2, 4 … minutes, at most an hour; after the last attempt the mail is
    /// given up, its body cleared, and the operator told in the log.
    private func failed(_ claimed: Claimed, error: any Error, logger: Logger, on database: any Database) async throws {
        let reason = String(describing: error).prefix(500)
        if claimed.attempts >= Self.maxAttempts {
            logger.error("gave up sending mail to \(claimed.to_address) after \(claimed.attempts) attempts: \(reason)")
            try await MailOutboxRecord.query(on: database).filter(\.$id == claimed.id)
                .set(\.$failedAt, to: now).set(\.$body, to: "").set(\.$lastError, to: String(reason)).set(\.$claimedUntil, to: nil)
                .update()
            return
        }
        let delay = min(3_600, 30 * pow(2, Double(claimed.attempts - 1)))
        logger.warning("sending mail to \(claimed.to_address) failed (attempt \(claimed.attempts)); retrying in \(Int(delay)) s: \(reason)")
        try await MailOutboxRecord.query(on: database).filter(\.$id == claimed.id)
            .set(\.$nextAttemptAt, to: now.addingTimeInterval(delay)).set(\.$lastError, to: String(reason)).set(\.$claimedUntil, to: nil)
            .update()
    }
}
