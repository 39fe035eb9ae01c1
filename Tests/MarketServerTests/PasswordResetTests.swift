import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// "Forgot your password", through a real SMTP server the test runs: the link arrives by mail,
/// works once, for 30 minutes, and the request never tells whether an account exists.
@Suite("Password reset and mail")
struct PasswordResetTests {
    static let password = "correct horse battery"

    /// An app whose mail goes to `smtp`, retrying every second of the test clock.
    static func withMailingApp(_ smtp: TestSMTPServer, clock: TestClock = TestClock(),
                               _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(clock: clock, adjust: { settings in
            settings.smtpRelay = try! SMTPRelay(url: smtp.url)
            settings.publicURL = "https://market.campus.edu"
        }, test)
    }

    /// How long a test waits for a delivery round: long, since it returns as soon as the round is
    /// seen, and with the whole suite on PostgreSQL on two cores a round once took over 10 s.
    static let roundWait: Double = 60

    /// True once the outbox is empty (the relay's "250" arrives just after it stored the mail).
    static func outboxEmpties(_ app: Application, seconds: Double = roundWait) async throws -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await MailOutboxRecord.query(on: app.db).count() == 0 { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return false
    }

    /// The token in the link of a reset mail.
    static func token(in mail: TestSMTPServer.Received) throws -> String {
        let body = mail.body
        let range = try #require(body.range(of: "https://market.campus.edu/password/reset?token="))
        return String(body[range.upperBound...].prefix { !$0.isWhitespace })
    }

    @Test("a real account gets a mail with a link; an unknown address gets the same answer and no mail")
    func requestSendsMail() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailingApp(smtp) { app in
            _ = try await app.register(email: "ada@campus.edu", name: "Ada Lovelace")
            let known = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: " Ada@Campus.edu "))
            let unknown = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "nobody@campus.edu"))
            #expect(known.status == .accepted && unknown.status == .accepted)
            #expect(known.text == unknown.text)

            let mails = try await smtp.waitForMessages(1)
            try await Task.sleep(for: .milliseconds(200))  // a second mail, if one were wrongly sent, would be here by now
            #expect(smtp.received.count == 1)
            let mail = try #require(mails.first)
            #expect(mail.to == ["ada@campus.edu"])
            #expect(mail.from == "no-reply@campusmarket.local")
            #expect(mail.header("Subject") == "Choose a new CampusMarket password")
            #expect(mail.body.contains("Hello,") && !mail.body.contains("Ada Lovelace") && mail.body.contains("within 30 minutes"))
            #expect(try Self.token(in: mail).hasPrefix("cmr_"))
            // Sent, the mail (and the link in it) leaves the outbox.
            #expect(try await Self.outboxEmpties(app))
        }
    }

    @Test("the link sets a new password once: every session is signed out, the old password stops working")
    func confirmOnce() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailingApp(smtp) { app in
            let account = try await app.register(email: "ada@campus.edu")
            _ = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "ada@campus.edu"))
            let token = try Self.token(in: try #require(try await smtp.waitForMessages(1).first))

            let weak = try await app.send(.POST, "/api/v1/auth/password-reset/confirm", json: PasswordResetConfirmation(token: token, newPassword: "short"))
            #expect(weak.status == .unprocessableEntity)
            #expect(try weak.error.fields?["newPassword"] != nil)

            let done = try await app.send(.POST, "/api/v1/auth/password-reset/confirm",
                                          json: PasswordResetConfirmation(token: token, newPassword: "a whole new secret"))
            #expect(done.status == .ok, "\(done.text)")
            let signedIn = try done.decode(AuthResponse.self)
            #expect(signedIn.user.email == "ada@campus.edu")
            #expect(try await app.send(.GET, "/api/v1/me", token: signedIn.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/me", token: account.token).status == .unauthorized)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.password)).status == .unauthorized)
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: "a whole new secret")).status == .ok)

            let again = try await app.send(.POST, "/api/v1/auth/password-reset/confirm",
                                           json: PasswordResetConfirmation(token: token, newPassword: "yet another secret"))
            #expect(again.status == .unprocessableEntity)
            #expect(try again.error.code == "reset_link_invalid")
            let made = try await app.send(.POST, "/api/v1/auth/password-reset/confirm",
                                          json: PasswordResetConfirmation(token: "cmr_made-up", newPassword: "yet another secret"))
            #expect(try made.error.code == "reset_link_invalid")
        }
    }

    @Test("a link older than 30 minutes is refused, and a newer link still works")
    func linkExpires() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await Self.withMailingApp(smtp, clock: clock) { app in
            _ = try await app.register(email: "ada@campus.edu")
            _ = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "ada@campus.edu"))
            let old = try Self.token(in: try #require(try await smtp.waitForMessages(1).first))
            clock.advance(by: 31 * 60)
            let expired = try await app.send(.POST, "/api/v1/auth/password-reset/confirm", json: PasswordResetConfirmation(token: old, newPassword: "a whole new secret"))
            #expect(try expired.error.code == "reset_link_invalid")

            _ = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "ada@campus.edu"))
            let fresh = try Self.token(in: try await smtp.waitForMessages(2)[1])
            let done = try await app.send(.POST, "/api/v1/auth/password-reset/confirm", json: PasswordResetConfirmation(token: fresh, newPassword: "a whole new secret"))
            #expect(done.status == .ok)
        }
    }

    @Test("requests are throttled per account, with the same 429 for an address no account uses")
    func throttled() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailingApp(smtp) { app in
            _ = try await app.register(email: "ada@campus.edu")
            for email in ["ada@campus.edu", "nobody@campus.edu"] {
                for _ in 0..<5 {
                    #expect(try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: email)).status == .accepted)
                }
                let limited = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: email))
                #expect(limited.status == .tooManyRequests)
                #expect(try limited.error.message.hasPrefix("Too many password reset requests."))
                #expect(limited.headers.first(name: .retryAfter) != nil)
            }
            #expect(try await smtp.waitForMessages(5).count == 5)
            // Sign-in is not throttled by reset requests.
            #expect(try await app.login(LoginRequest(email: "ada@campus.edu", password: Self.password)).status == .ok)
        }
    }

    @Test("a relay that refuses at first: the mail stays in the outbox and is sent once on a retry")
    func retriedNotLost() async throws {
        let smtp = try await TestSMTPServer.start(refusing: 1)
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await Self.withMailingApp(smtp, clock: clock) { app in
            _ = try await app.register(email: "ada@campus.edu")
            _ = try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "ada@campus.edu"))
            // The first attempt is refused; the row waits 30 s with its error noted.
            var pending: MailOutboxRecord?
            let deadline = Date().addingTimeInterval(Self.roundWait)
            while Date() < deadline {
                pending = try await MailOutboxRecord.query(on: app.db).first()
                if pending?.lastError != nil { break }
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(pending?.attempts == 1)
            #expect(pending?.lastError?.contains("451") == true)
            #expect(smtp.received.isEmpty)

            clock.advance(by: 31)
            app.mailDelivery.wake()
            let mails = try await smtp.waitForMessages(1)
            #expect(mails.count == 1)
            #expect(try await Self.outboxEmpties(app))
        }
    }

    @Test("a relay with credentials gets AUTH PLAIN")
    func relayCredentials() async throws {
        let smtp = try await TestSMTPServer.start(credentials: ("market", "p@ss word"))
        defer { Task { await smtp.stop() } }
        let sender = SMTPMailSender(relay: try SMTPRelay(url: "smtp://market:p%40ss%20word@127.0.0.1:\(smtp.port)"))
        try await sender.send(MailMessage(to: "ada@campus.edu", subject: "Grüße", body: "Line one\n.\nLast line"),
                              from: "CampusMarket <market@campus.edu>", messageID: "1@test", date: Date())
        let mail = try #require(smtp.received.first)
        #expect(mail.authenticatedAs == "market")
        #expect(mail.from == "market@campus.edu")
        #expect(mail.body == "Line one\n.\nLast line")
        #expect(mail.header("Subject") == "=?UTF-8?B?R3LDvMOfZQ==?=")

        let wrong = SMTPMailSender(relay: try SMTPRelay(url: "smtp://market:nope@127.0.0.1:\(smtp.port)"))
        await #expect(throws: SMTPMailSender.RelayError.self) {
            try await wrong.send(MailMessage(to: "ada@campus.edu", subject: "x", body: "y"), from: "m@campus.edu", messageID: "2@test", date: Date())
        }
    }

    @Test("a relay offering STARTTLS gets the mail over TLS, checked against the certificate it was told to trust, for an address or a name",
          arguments: ["127.0.0.1", "localhost"])
    func startTLS(host: String) async throws {
        let certificate = try TestCertificate.make()
        defer { try? FileManager.default.removeItem(atPath: certificate.pemFile) }
        let smtp = try await TestSMTPServer.start(credentials: ("market", "secret"), tls: certificate.serverContext)
        defer { Task { await smtp.stop() } }
        var relay = try SMTPRelay(url: "smtp://market:secret@\(host):\(smtp.port)")
        relay.trustedCertificatesFile = certificate.pemFile
        try await SMTPMailSender(relay: relay).send(MailMessage(to: "ada@campus.edu", subject: "Over TLS", body: "Hello"),
                                                     from: "m@campus.edu", messageID: "tls@test", date: Date())
        let mail = try #require(smtp.received.first)
        #expect(mail.overTLS && mail.authenticatedAs == "market" && mail.body == "Hello")

        // Not told to trust the relay's certificate: nothing is sent, the password least of all.
        let untrusted = SMTPMailSender(relay: try SMTPRelay(url: "smtp://market:secret@\(host):\(smtp.port)"))
        await #expect(throws: (any Error).self) {
            try await untrusted.send(MailMessage(to: "ada@campus.edu", subject: "x", body: "y"), from: "m@campus.edu", messageID: "u@test", date: Date())
        }
        #expect(smtp.received.count == 1)
    }
}
