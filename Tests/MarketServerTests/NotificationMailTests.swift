import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import SQLKit
import Testing
import Vapor

/// Notification mail through a real SMTP server: messages and orders a few minutes later when
/// still unread, saved searches in the daily digest, and the unsubscribe link in every mail.
@Suite("Notification mail")
struct NotificationMailTests {
    static func withMailApp(_ smtp: TestSMTPServer, clock: TestClock, _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(clock: clock, adjust: { settings in
            settings.smtpRelay = try! SMTPRelay(url: smtp.url)
            settings.publicURL = "https://market.campus.edu"
            // The tests run each round themselves; the server's own sweep waits an hour.
            settings.notify.sweepInterval = 3_600
        }, test)
    }

    /// One round of the notification-mail job at the app's clock; how many mails it queued.
    static func round(_ app: Application) async throws -> Int {
        try await NotificationMails(services: app.domainServices()).sendDue()
    }

    static func unsubscribeLink(in mail: TestSMTPServer.Received) throws -> String {
        let header = try #require(mail.header("List-Unsubscribe"))
        return String(header.dropFirst().dropLast())  // <…>
    }

    @Test("a message still unread five minutes later is mailed once, with the other messages of that burst; one read in time is not")
    func messages() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await Self.withMailApp(smtp, clock: clock) { app in
            let deal = try await app.deal()
            let conversation = try await app.openConversation(about: deal.listing.id, token: deal.buyer.token)
            #expect(try await app.sendMessage("Is the lamp still there?", in: conversation.id, token: deal.buyer.token).status == .created)
            clock.advance(by: 120)
            #expect(try await app.sendMessage("I could pick it up today.", in: conversation.id, token: deal.buyer.token).status == .created)
            #expect(try await Self.round(app) == 0)
            clock.advance(by: 200)
            #expect(try await Self.round(app) == 1)
            let mail = try #require(try await smtp.waitForMessages(1).first)
            #expect(mail.to == [deal.seller.user.email])
            #expect(mail.header("Subject") == "2 new messages on CampusMarket")
            // Nobody proved the seller's address (an open board): the mail carries our words only.
            #expect(mail.body.components(separatedBy: "* A new message").count == 3 && !mail.body.contains("Is the lamp"), "\(mail.body)")
            #expect(mail.body.contains("https://market.campus.edu/messages/\(conversation.id)"))
            #expect(mail.header("List-Unsubscribe-Post") == "List-Unsubscribe=One-Click")
            #expect(try Self.unsubscribeLink(in: mail).hasPrefix("https://market.campus.edu/unsubscribe?token="))
            clock.advance(by: 3_600)
            #expect(try await Self.round(app) == 0)

            // Read before the five minutes are up: no mail.
            #expect(try await app.sendMessage("Still there?", in: conversation.id, token: deal.buyer.token).status == .created)
            #expect(try await app.send(.POST, "/api/v1/conversations/\(conversation.id)/read", json: MarkReadRequest(upTo: nil), token: deal.seller.token).status == .ok)
            clock.advance(by: 600)
            #expect(try await Self.round(app) == 0)
            // The buyer's own messages never mail the buyer.
            #expect(smtp.received.count == 1)
        }
    }

    @Test("a verified student's mail carries the other side's words as plain text: one line, capped, never a link")
    func verifiedMailCarriesPlainWords() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { settings in
            TestCampuses.adjust(&settings)
            settings.smtpRelay = try! SMTPRelay(url: smtp.url)
            settings.notify.sweepInterval = 3_600
        }) { app in
            let seller = try await app.verifiedStudent("Sam Seller"), buyer = try await app.verifiedStudent("Bea Buyer")
            let listing = try await app.createListing(.sample("Desk lamp"), token: seller.token)
            let conversation = try await app.openConversation(about: listing.id, token: buyer.token)
            let words = "Pay first at https://evil.example/pay or write to me@evil.example\n\nCampusMarket Security " + String(repeating: "x", count: 400)
            #expect(try await app.sendMessage(words, in: conversation.id, token: buyer.token).status == .created)
            clock.advance(by: 400)
            #expect(try await Self.round(app) == 1)
            // After the two sign-ups' verification mails.
            let mail = try #require(try await smtp.waitForMessages(3).first { $0.header("Subject") == "A new message on CampusMarket" })
            #expect(mail.body.contains("Pay first at hxxps[:]//evil[.]example/pay or write to me[at]evil[.]example CampusMarket Security"), "\(mail.body)")
            #expect(!mail.body.contains("evil.example") && !mail.body.contains(String(repeating: "x", count: 250)))
            #expect(MailText.userWords("Now $75.00, was $90.") == "Now $75.00, was $90.")
        }
    }

    @Test("an order's news is mailed when unread after the delay; read in time, or with order mail off, it is not")
    func orders() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await Self.withMailApp(smtp, clock: clock) { app in
            let deal = try await app.deal()
            #expect(try await app.purchase(deal.listing.id, token: deal.buyer.token).status == .created)
            clock.advance(by: 301)
            #expect(try await Self.round(app) == 1)
            let mail = try #require(try await smtp.waitForMessages(1).first)
            #expect(mail.header("Subject") == "News about your order on CampusMarket")
            #expect(mail.body.contains("News about an order") && !mail.body.contains(deal.listing.title) && mail.body.contains("https://market.campus.edu/orders/"))

            let second = try await app.createListing(.sample("Bookshelf"), token: deal.seller.token)
            #expect(try await app.purchase(second.id, token: deal.buyer.token).status == .created)
            #expect(try await app.send(.POST, "/api/v1/notifications/read-all", token: deal.seller.token).status.code < 300)
            clock.advance(by: 301)
            #expect(try await Self.round(app) == 0)

            _ = try await app.send(.PUT, "/api/v1/me/notification-settings", json: NotificationSettingsUpdate.setting(.orders, .email, to: false),
                                   token: deal.seller.token)
            let third = try await app.createListing(.sample("Rug"), token: deal.seller.token)
            #expect(try await app.purchase(third.id, token: deal.buyer.token).status == .created)
            #expect(try await app.db.sql.raw("SELECT COUNT(*) AS n FROM pending_mails").first(decodingColumn: "n", as: Int.self) == 0)
        }
    }

    @Test("saved-search matches wait for the daily digest at DIGEST_HOUR; the unsubscribe link stops only that mail, without signing in")
    func digestAndUnsubscribe() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()  // 09:46 UTC
        try await Self.withMailApp(smtp, clock: clock) { app in
            let student = try await app.register(name: "Sid Student"), seller = try await app.register(name: "Sam Seller")
            #expect(try await SavedSearchTests.save(app, ListingQuery(text: "calculus"), token: student.token).status == .created)
            _ = try await app.createListing(.sample("Calculus textbook"), token: seller.token)
            _ = try await app.createListing(.sample("Calculus notes"), token: seller.token)
            try await SavedSearchMatcher.matchQueued(app.domainServices())
            clock.advance(by: 3_600)
            #expect(try await Self.round(app) == 0)
            clock.advance(by: 21 * 3_600)  // 08:46 the next day, past the 08:00 digest
            #expect(try await Self.round(app) == 1)
            let mail = try #require(try await smtp.waitForMessages(1).first)
            #expect(mail.header("Subject") == "2 new listings for your saved searches")
            #expect(mail.body.contains("Since yesterday on CampusMarket:"))

            let link = try Self.unsubscribeLink(in: mail)
            let path = String(link.dropFirst("https://market.campus.edu".count))
            let page = try await app.send(.GET, path)
            #expect(page.status == .ok && page.text.contains("Stop mail about saved searches"))
            // A token for another topic, or cut short, is refused.
            let forged = path.replacingOccurrences(of: ".savedSearches.", with: ".messages.")
            #expect(forged != path)
            #expect(try await app.send(.GET, forged).status == .badRequest)
            #expect(try await app.send(.GET, String(path.dropLast(3))).status == .badRequest)
            // A mail app's one-click POST (RFC 8058): no session, no form token.
            let oneClick = try await app.send(.POST, path, rawBody: "List-Unsubscribe=One-Click",
                                              headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(oneClick.status == .ok)
            let settings = try await app.send(.GET, "/api/v1/me/notification-settings", token: student.token).decode(NotificationSettings.self)
            #expect(!settings.savedSearches.email && settings.messages.email && settings.orders.email)
            _ = try await app.createListing(.sample("Calculus workbook"), token: seller.token)
            try await SavedSearchMatcher.matchQueued(app.domainServices())
            #expect(try await SavedSearchTests.alerts(app, token: student.token).count == 3)
            #expect(try await app.db.sql.raw("SELECT COUNT(*) AS n FROM pending_mails").first(decodingColumn: "n", as: Int.self) == 0)
        }
    }

    @Test("the next digest is at DIGEST_HOUR in the campus's zone, across a clock change")
    func digestHour() throws {
        let detroit = try #require(TimeZone(identifier: "America/Detroit"))
        let iso = ISO8601DateFormatter()
        // 2026-11-01 is the day Detroit's clocks go back: 08:00 EST is 13:00 UTC.
        #expect(NotificationMailSender.nextDigest(after: iso.date(from: "2026-11-01T05:00:00Z")!, hour: 8, in: detroit) == iso.date(from: "2026-11-01T13:00:00Z"))
        #expect(NotificationMailSender.nextDigest(after: iso.date(from: "2026-10-31T13:00:00Z")!, hour: 8, in: detroit) == iso.date(from: "2026-11-01T13:00:00Z"))
    }
}
