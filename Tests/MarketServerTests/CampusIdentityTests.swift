import Fluent
import NIOConcurrencyHelpers
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// One person, one campus identity: a campus mailbox verifies one account however its address is
/// spelled, a link verifies only the account that asked for it, and the mail carries only our words.
@Suite("Campus identity")
struct CampusIdentityTests {
    @Test("a mailbox's addresses are one key: case, +tags, and a campus's own rules; a wrong rule is named")
    func mailboxKeys() throws {
        let safe = CampusMailbox.safeDefault
        #expect(safe.key(of: "Ann+two@UMich.edu") == "ann@umich.edu")
        #expect(safe.key(of: " ann@umich.edu ") == "ann@umich.edu")
        #expect(safe.key(of: "a.nn@umich.edu") == "a.nn@umich.edu")
        let strict = try CampusMailbox.parse("dots, dash-tags, one-domain")
        #expect(strict.key(of: "A.nn-x+y@med.umich.edu", campusDomain: "umich.edu") == "ann@umich.edu")
        let directory = try CampusDirectory.parse("umich.edu,med.umich.edu = University of Michigan @ America/Detroit | mailbox: dots", setting: "CAMPUSES")
        #expect(directory.campus(forEmail: "a.nn@umich.edu")?.mailboxKey(of: "A.nn+1@umich.edu") == "ann@umich.edu")
        do {
            _ = try CampusDirectory.parse("umich.edu = University of Michigan @ America/Detroit | mailbox: commas", setting: "CAMPUSES")
            Issue.record("a wrong mailbox rule was accepted")
        } catch let error as ConfigurationError {
            #expect(error.description.contains("'commas' is not a mailbox rule"), "\(error.description)")
        }
    }

    @Test("ann+two@ cannot verify a second account after ann@ did: one mailbox, one verified account")
    func oneMailboxOneAccount() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await CampusVerificationTests.withCampusApp(smtp) { app in
            let ann = try await app.register(email: "ann@umich.edu", name: "Ann")
            let first = try CampusVerificationTests.token(in: try await smtp.waitForMessages(1)[0])
            #expect(try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: first), token: ann.token).status == .ok)

            for (number, address) in ["ann+two@umich.edu", "ANN+three@UMICH.EDU"].enumerated() {
                let other = try await app.register(email: "other\(number)@gmail.com", name: "Other")
                let asked = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: address), token: other.token)
                #expect(asked.status == .accepted)  // the same answer as for a free address: nothing to enumerate
                let mail = try await smtp.waitForMessages(2 + number)[1 + number]
                #expect(mail.to == [address.lowercased()] && !mail.body.contains("token="), "\(mail.body)")
            }
            // Even a link taken out before, and confirmed after, meets the unique mailbox.
            let sneaky = try await app.register(email: "sneaky@gmail.com", name: "Sneaky")
            try await EmailVerificationRecord(userID: sneaky.user.id, email: "ann+four@umich.edu", tokenHash: SessionTokens.hash("cmv_sneaky"),
                                              createdAt: Date(), expiresAt: Date().addingTimeInterval(3_600)).create(on: app.db)
            let confirm = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: "cmv_sneaky"), token: sneaky.token)
            #expect(confirm.status == .conflict)
            #expect(try confirm.error.code == "campus_email_in_use")
            let verified = try await UserRecord.query(on: app.db).filter(\.$campusVerifiedAt != nil).all()
            #expect(verified.map(\.campusEmail) == ["ann@umich.edu"])
        }
    }

    @Test("a link asked for by an attacker verifies nobody when the victim opens it; the mail names no one")
    func linkVerifiesOnlyItsAsker() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await CampusVerificationTests.withCampusApp(smtp) { app in
            let attacker = try await app.register(email: "mallory@gmail.com", name: "CampusMarket Security Team - reply with your password")
            let asked = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "victim@umich.edu"), token: attacker.token)
            #expect(asked.status == .accepted)
            let mail = try await smtp.waitForMessages(1)[0]
            #expect(!mail.body.contains("Security Team") && !mail.body.contains("password"), "\(mail.body)")
            let token = try CampusVerificationTests.token(in: mail)

            // Signed out, the API asks for a sign-in and the page asks to sign in; nothing is taken.
            #expect(try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: token)).status == .unauthorized)
            let page = try await app.visit("/verify-email?token=\(token)")
            #expect(page.text.contains("Sign in to verify") && !page.text.contains("Verify my address"))
            // The victim, signed in to their own account, is told it is another account's link.
            let victim = try await app.register(email: "victim@gmail.com", name: "Victim")
            let api = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: token), token: victim.token)
            #expect(api.status == .forbidden)
            #expect(try api.error.code == "verification_link_other_account")
            #expect(!api.text.contains("Security Team"))
            let cookie = WebSessionCookie.name + "=" + victim.token
            let theirs = try await app.visit("/verify-email?token=\(token)", cookies: cookie)
            #expect(theirs.text.contains("another account") && !theirs.text.contains("Verify my address") && !theirs.text.contains("Security Team"), "\(theirs.text.suffix(1500))")
            let posted = try await app.postForm("/verify-email", fields: ["csrf": theirs.csrf, "token": token], cookies: theirs.cookies)
            #expect(posted.status == .forbidden)
            #expect(try await UserRecord.query(on: app.db).filter(\.$campusVerifiedAt != nil).count() == 0)
            // The link still works for the account that asked (it would have to own the mailbox to have it).
            let own = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: token), token: attacker.token)
            #expect(own.status == .ok)
        }
    }

    @Test("sign-up and reset mail carry no name an account chose")
    func mailCarriesOnlyOurWords() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await CampusVerificationTests.withCampusApp(smtp) { app in
            let chosen = "Visit evil.example now"
            _ = try await app.register(email: "someone@umich.edu", name: chosen)
            #expect(try await app.send(.POST, "/api/v1/auth/password-reset", json: PasswordResetRequest(email: "someone@umich.edu")).status == .accepted)
            let mails = try await smtp.waitForMessages(2)
            for mail in mails { #expect(!mail.body.contains("evil") && !(mail.header("Subject") ?? "").contains("evil"), "\(mail.body)") }
        }
    }
}

/// A password hasher that counts its hashes: how a test sees costly work done (or not) without timing it.
final class CountingPasswordHasher: PasswordHasher, Sendable {
    private let count = NIOLockedValueBox(0)
    var hashes: Int { count.withLockedValue { $0 } }

    func hash<Password: DataProtocol>(_ password: Password) throws -> [UInt8] {
        count.withLockedValue { $0 += 1 }
        return try Bcrypt.hash(String(decoding: Array(password), as: UTF8.self), cost: 4).utf8.map { $0 }
    }

    func verify<Password: DataProtocol, Digest: DataProtocol>(_ password: Password, created digest: Digest) throws -> Bool {
        try Bcrypt.verify(String(decoding: Array(password), as: UTF8.self), created: String(decoding: Array(digest), as: UTF8.self))
    }
}

@Suite("Costly work after cheap checks")
struct CostlyWorkTests {
    @Test("a made-up reset token is refused before the new password is hashed")
    func bogusResetTokenHashesNothing() async throws {
        try await withTestApp { app in
            let hasher = CountingPasswordHasher()
            app.passwords.use { _ in hasher }
            for token in ["x", "cmr_made-up-token"] {
                let answer = try await app.send(.POST, "/api/v1/auth/password-reset/confirm",
                                                json: PasswordResetConfirmation(token: token, newPassword: "aaaaaaaaaa"))
                #expect(answer.status == .unprocessableEntity, "\(answer.text)")
            }
            #expect(hasher.hashes == 0)
        }
    }
}
