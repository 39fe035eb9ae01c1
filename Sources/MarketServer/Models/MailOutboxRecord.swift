import Fluent
import Foundation

/// A mail waiting to be sent. Written in the transaction that decides to send it, so a mail is
/// never sent for a change that rolled back, nor lost when the relay is down: the outbox retries.
/// The row is deleted once sent (its body may hold a single-use link).
final class MailOutboxRecord: Model, @unchecked Sendable {
    static let schema = "mail_outbox"

    @ID(key: .id) var id: UUID?
    @Field(key: "to_address") var toAddress: String
    @Field(key: "subject") var subject: String
    @Field(key: "body") var body: String
    @Field(key: "attempts") var attempts: Int
    @Field(key: "next_attempt_at") var nextAttemptAt: Date
    /// An instance sending it holds it until then; another may take it over after.
    @OptionalField(key: "claimed_until") var claimedUntil: Date?
    @OptionalField(key: "last_error") var lastError: String?
    /// Set when every attempt failed; the body is then cleared.
    @OptionalField(key: "failed_at") var failedAt: Date?
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "list_unsubscribe") var listUnsubscribe: String?

    init() {}

    init(message: MailMessage, now: Date) {
        toAddress = message.to
        subject = message.subject
        body = message.body
        listUnsubscribe = message.listUnsubscribe
        attempts = 0
        nextAttemptAt = now
        createdAt = now
    }
}
