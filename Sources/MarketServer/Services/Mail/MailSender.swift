import Foundation
import Logging

/// Where mail goes: an SMTP relay (`SMTP_URL`), or — with none configured — the log, so a
/// developer can follow a link. Tests point SMTP at a server they run.
protocol MailSender: Sendable {
    /// Delivers `message`; throws when the relay refused it or could not be reached (the outbox retries).
    func send(_ message: MailMessage, from: String, messageID: String, date: Date) async throws
}

/// Development without a relay: the message is written to the log at notice level.
struct LogMailSender: MailSender {
    let logger: Logger

    func send(_ message: MailMessage, from: String, messageID: String, date: Date) async throws {
        logger.notice("""
            SMTP_URL is not set, so this mail was not sent; here it is instead.
            To: \(message.to)
            Subject: \(message.subject)

            \(message.body)
            """)
    }
}
