import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Sign-up by mailed link: the form answers the same for every address, so it cannot be used to
/// learn who has an account; the link creates the account, once, and proves a campus address.
@Suite("Sign-up by mailed link")
struct SignUpByMailTests {
    static func withMailApp(_ smtp: TestSMTPServer, campuses: Bool = false, _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(adjust: { settings in
            if campuses { TestCampuses.adjust(&settings) }
            settings.smtpRelay = try! SMTPRelay(url: smtp.url)
            settings.signUpByMail = true
        }, test)
    }

    static func token(in mail: TestSMTPServer.Received) throws -> String {
        try #require(mail.body.firstMatch(of: /signup\/confirm\?token=(cms_[A-Za-z0-9_-]+)/)).1.description
    }

    static func request(_ email: String) -> RegisterRequest {
        RegisterRequest(email: email, password: "correct horse battery", name: "Ada Lovelace")
    }

    @Test("an address with an account and one without get the same answer; the owner of the first a note, the other a link")
    func noEnumeration() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailApp(smtp) { app in
            _ = try await app.domainServices().accounts.register(Self.request("taken@campus.edu"), clientAddress: "10.0.0.9")
            let taken = try await app.send(.POST, "/api/v1/auth/register", json: Self.request("taken@campus.edu"))
            let fresh = try await app.send(.POST, "/api/v1/auth/register", json: Self.request("fresh@campus.edu"))
            #expect(taken.status == .accepted && fresh.status == .accepted)
            #expect(try taken.decode(SignUpMailed.self) == .message(to: "taken@campus.edu"))
            #expect(try fresh.decode(SignUpMailed.self) == .message(to: "fresh@campus.edu"))
            #expect(taken.text.replacingOccurrences(of: "taken@", with: "fresh@") == fresh.text)

            let mails = try await smtp.waitForMessages(2)
            let note = try #require(mails.first { $0.to == ["taken@campus.edu"] })
            #expect(note.body.contains("already has one") && !note.body.contains("token="))
            let link = try #require(mails.first { $0.to == ["fresh@campus.edu"] })
            #expect(try Self.token(in: link).hasPrefix("cms_") && !link.body.contains("Ada"))  // our words only
            // Nothing is made before the link is opened; the taken address keeps its one account.
            #expect(try await UserRecord.query(on: app.db).count() == 1)
            // A username is public: taken is said at once, for any address.
            var named = Self.request("other@campus.edu")
            named.username = "ada_l"
            #expect(try await app.send(.POST, "/api/v1/auth/register", json: named).status == .accepted)
            #expect(try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(
                token: Self.token(in: try #require(try await smtp.waitForMessages(3).last)), password: "correct horse battery")).status == .created)
            var again = Self.request("someone@campus.edu")
            again.username = "ada_l"
            let clash = try await app.send(.POST, "/api/v1/auth/register", json: again)
            #expect(try clash.status == .conflict && clash.error.code == "username_taken")
        }
    }

    @Test("the link creates the account once and signs it in, verifying a campus address; a used or made-up link creates nothing")
    func confirm() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailApp(smtp, campuses: true) { app in
            #expect(try await app.send(.POST, "/api/v1/auth/register", json: Self.request("ada@umich.edu")).status == .accepted)
            let token = try Self.token(in: try #require(try await smtp.waitForMessages(1).first))
            let made = try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: "correct horse battery"))
            #expect(made.status == .created, "\(made.text)")
            let auth = try made.decode(AuthResponse.self)
            #expect(auth.user.email == "ada@umich.edu" && auth.user.campus?.verified == true && !auth.user.verificationRequired)
            #expect(try await app.send(.GET, "/api/v1/me", token: auth.token).status == .ok)
            #expect(try await app.login(LoginRequest(email: "ada@umich.edu", password: "correct horse battery")).status == .ok)

            let reused = try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: "correct horse battery"))
            #expect(try reused.status == .unprocessableEntity && reused.error.code == "signup_link_invalid")
            #expect(try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: "cms_madeup", password: "correct horse battery")).status == .unprocessableEntity)
            #expect(try await UserRecord.query(on: app.db).count() == 1)
        }
    }

    @Test("a link someone else asked for (with a password they know) makes its reader no account: the password is asked, five wrong ones spend it")
    func preHijacking() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailApp(smtp) { app in
            // The attacker signs the victim's address up with a password of their own.
            #expect(try await app.send(.POST, "/api/v1/auth/register", json: Self.request("victim@campus.edu")).status == .accepted)
            let token = try Self.token(in: try #require(try await smtp.waitForMessages(1).first))
            // The victim opens the link: without the password it makes nothing.
            let bare = try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: nil))
            #expect(try bare.status == .unprocessableEntity && bare.error.fields?["password"] != nil)
            for _ in 0..<SignUpLinks.attempts {
                let wrong = try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: "my own password"))
                #expect(try wrong.status == .unprocessableEntity && wrong.error.fields?["password"] != nil)
            }
            // Spent: not even the right password makes the account now.
            let spent = try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: "correct horse battery"))
            #expect(try spent.error.code == "signup_link_invalid")
            #expect(try await UserRecord.query(on: app.db).count() == 0)
        }
    }

    @Test("on the web: the form says a link is mailed; the link's page creates nothing until its button; then signed in")
    func webFlow() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailApp(smtp) { app in
            let form = try await app.visit("/signup")
            let sent = try await app.postForm("/signup", fields: ["csrf": form.csrf, "name": "Ada Lovelace", "email": "ada@campus.edu",
                                                                   "password": "correct horse battery"], cookies: form.cookies)
            #expect(sent.status == .ok && sent.text.contains("We mailed a link to ada@campus.edu"))
            let token = try Self.token(in: try #require(try await smtp.waitForMessages(1).first))
            let page = try await app.visit("/signup/confirm?token=\(token)")
            #expect(page.text.contains("Create my account"))
            #expect(try await UserRecord.query(on: app.db).count() == 0)  // a scanner following the link makes nothing
            let wrong = try await app.postForm("/signup/confirm", fields: ["csrf": page.csrf, "token": token, "password": "not my password"], cookies: page.cookies)
            #expect(wrong.status == .unprocessableEntity && wrong.text.contains("is not the one chosen when signing up") && wrong.text.contains(token))
            let done = try await app.postForm("/signup/confirm", fields: ["csrf": page.csrf, "token": token, "password": "correct horse battery"], cookies: page.cookies)
            #expect(done.status == .seeOther && done.headers.setCookie?[WebSessionCookie.name] != nil)
            let stale = try await app.postForm("/signup/confirm", fields: ["csrf": page.csrf, "token": token, "password": "correct horse battery"], cookies: page.cookies)
            #expect(stale.status == .unprocessableEntity && stale.text.contains("Sign up again"))
        }
    }

    @Test("Text Trader's fixed register call answers the same for any address too; its login waits for the link")
    func textTrader() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withMailApp(smtp) { app in
            let key = try await TextTraderContractTests.issueKey(app)
            _ = try await app.domainServices().accounts.register(Self.request("taken@campus.edu"), clientAddress: "10.0.0.9")
            func register(_ email: String) async throws -> TestResponse {
                try await app.send(.POST, "/texttrader/register", json: TextTrader.RegisterRequest(
                    name: "Tex", email: email, username: email, password: TextTraderContractTests.strongPassword), headers: TextTraderContractTests.headers(key))
            }
            let taken = try await register("taken@campus.edu"), fresh = try await register("fresh@campus.edu")
            #expect(taken.status == .ok && fresh.status == .ok)
            #expect(taken.text.replacingOccurrences(of: "taken@", with: "fresh@") == fresh.text)
            let login = TextTrader.LoginRequest(username: "fresh@campus.edu", password: TextTraderContractTests.strongPassword)
            #expect(try await app.send(.POST, "/texttrader/login", json: login, headers: TextTraderContractTests.headers(key)).status == .unauthorized)
            let token = try Self.token(in: try #require(try await smtp.waitForMessages(2).first { $0.to == ["fresh@campus.edu"] }))
            #expect(try await app.send(.POST, "/api/v1/auth/register/confirm", json: SignUpConfirmation(token: token, password: TextTraderContractTests.strongPassword)).status == .created)
            #expect(try await app.send(.POST, "/texttrader/login", json: login, headers: TextTraderContractTests.headers(key)).status == .ok)
        }
    }
}
