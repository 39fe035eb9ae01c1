import Fluent
import Foundation
import MarketCore
import SQLKit

/// Turns due lines of `pending_mails` into mail, one per person and topic: a message or an
/// order's news still unread a few minutes after it came (with anything newer of that topic, so
/// a burst is one mail), and the daily digest of saved searches and saved listings. Lines read
/// in the meantime, and people who turned that mail off since, are dropped.
struct NotificationMails {
    let services: DomainServices

    /// Lines per mail; the rest are counted.
    static let maxLines = 20

    struct Line: Decodable {
        let user_id: UUID
        let topic: String
        let line: String
        let path: String?
        let notification_id: UUID?
        let conversation_id: UUID?
        let message_seq: Int64?
    }

    /// Queues the mail that is due; answers how many.
    @discardableResult
    func sendDue() async throws -> Int {
        let now = services.now
        let queued = try await services.writes.run { [services] tx in
            var lines: [Line] = []
            for (userID, topic) in try await Self.dueRecipients(at: now, on: tx.sql) {
                // A digest waits for its hour; anything newer of a prompt topic goes with what is due.
                let digest = NotificationTopic(rawValue: topic)?.isDigest ?? true
                lines += try await Self.takeLines(of: userID, topic: topic, dueBy: digest ? now : nil, on: tx.sql)
            }
            let unread = try await Self.stillUnread(lines, on: tx.db)
            return try await compose(unread, on: tx.db, services: services.on(tx.db))
        }
        if queued > 0 { services.mailDelivery?.wake() }
        return queued
    }

    /// The lines whose notification or message nobody has read yet.
    private static func stillUnread(_ lines: [Line], on database: any Database) async throws -> [Line] {
        let notificationIDs = lines.compactMap(\.notification_id)
        let read = notificationIDs.isEmpty ? [] : Set(try await NotificationRecord.query(on: database)
            .filter(\.$id ~~ notificationIDs).filter(\.$readAt != nil).all().compactMap(\.id))
        let lastRead = try await Self.readUpTo(in: Array(Set(lines.compactMap(\.conversation_id))), on: database.sql)
        return lines.filter { line in
            if let id = line.notification_id, read.contains(id) { return false }
            if let conversation = line.conversation_id, let seq = line.message_seq {
                return (lastRead[conversation]?[line.user_id] ?? .max) < seq
            }
            return true
        }
    }

    private func compose(_ lines: [Line], on database: any Database, services: DomainServices) async throws -> Int {
        let users = try await UserRecord.query(on: database).filter(\.$id ~~ Set(lines.map(\.user_id))).all()
        let outbox = MailOutbox(database: database, now: services.now)
        let links = UnsubscribeLinks(database: database)
        var queued = 0
        for user in users where user.deletedAt == nil && !user.isSuspended {
          // Written in the recipient's language.
          try await Localizer.$current.withValue(RecipientLanguages.of(user, trust: services.trust)) {
            let userID = try user.requireID()
            let settings = try await NotificationPreferences.settings(of: userID, on: database)
            let mine = Dictionary(grouping: lines.filter { $0.user_id == userID }, by: \.topic)
            for topic in NotificationTopic.allCases {
                guard let topicLines = mine[topic.rawValue], !topicLines.isEmpty, settings[topic].email else { continue }
                let unsubscribe = services.settings.publicURL + "/unsubscribe?token=" + (try await links.token(for: userID, topic: topic))
                try await outbox.enqueue(MailMessage(to: user.email, about: Self.subject(topic, count: topicLines.count),
                                                     saying: body(topicLines, topic: topic, to: user, unsubscribe: unsubscribe),
                                                     listUnsubscribe: unsubscribe))
                queued += 1
            }
          }
        }
        return queued
    }

    static func subject(_ topic: NotificationTopic, count: Int) -> Phrase {
        switch topic {
        case .messages: "\(count) new messages on CampusMarket"
        case .orders: "\(count) updates about your orders on CampusMarket"
        case .savedSearches: "\(count) new listings for your saved searches"
        case .favorites: "News about \(count) listings you saved"
        }
    }

    /// Whether the address this mail goes to is the campus address the account proved: only then
    /// may it carry words other people wrote (`MailText`).
    private func mailsAVerifiedAddress(_ user: UserRecord) -> Bool {
        guard user.campusVerifiedAt != nil, let campusEmail = user.campusEmail,
              let campus = services.settings.campuses.campus(forEmail: user.email) else { return false }
        return campus.mailboxKey(of: user.email) == campusEmail
    }

    /// A line in our own words for an address nobody has proved.
    static func ourWords(_ topic: NotificationTopic) -> Phrase {
        switch topic {
        case .messages: "A new message"
        case .orders: "News about an order"
        case .savedSearches: "A new listing matches one of your saved searches"
        case .favorites: "News about a listing you saved"
        }
    }

    private func body(_ lines: [Line], topic: NotificationTopic, to user: UserRecord, unsubscribe: String) -> Phrase {
        let site = services.settings.publicURL
        let verified = mailsAVerifiedAddress(user)
        let shown = lines.prefix(Self.maxLines).map { line in
            "* " + (verified ? MailText.userWords(line.line) : Self.ourWords(topic).localized) + (line.path.map { "\n  " + site + $0 } ?? "")
        }
        let more: [String] = lines.count > Self.maxLines ? [("…and \(lines.count - Self.maxLines) more on \(site)" as Phrase).localized] : []
        let opening: Phrase = topic.isDigest ? "Since yesterday on CampusMarket:" : "While you were away:"
        let kind = topic.label.localized.lowercased()
        return """
            Hello,

            \(opening)

            \((shown + more).joined(separator: "\n\n"))

            You get this mail because mail about \(kind) is on.
            Stop mail about \(kind): \(unsubscribe)
            Choose what you hear of, and how: \(site)/settings/notifications

            CampusMarket
            """
    }
}
