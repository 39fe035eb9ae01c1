import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Campuses configured by the operator, verification by a mailed link (through a real SMTP
/// server), `REQUIRE_VERIFIED`, and the feed that shows a student's own campus first.
@Suite("Verified campuses")
struct CampusVerificationTests {
    static func withCampusApp(_ smtp: TestSMTPServer, clock: TestClock = TestClock(), _ test: (Application) async throws -> Void) async throws {
        try await withTestApp(clock: clock, adjust: { settings in
            TestCampuses.adjust(&settings)
            settings.smtpRelay = try! SMTPRelay(url: smtp.url)
        }, test)
    }

    static func token(in mail: TestSMTPServer.Received) throws -> String {
        let range = try #require(mail.body.range(of: "https://market.campus.edu/verify-email?token="))
        return String(mail.body[range.upperBound...].prefix { !$0.isWhitespace })
    }

    @Test("CAMPUSES: domains, a name and a time zone per campus; a wrong entry is one sentence naming it")
    func parsing() throws {
        let directory = TestCampuses.directory
        #expect(directory.campuses.map(\.name) == ["University of Michigan", "The University of Texas at Austin"])
        #expect(directory.campus(forEmail: "ada@med.umich.edu")?.id == "umich.edu")
        #expect(directory.campus(forEmail: "ada@cs.umich.edu")?.name == "University of Michigan")
        #expect(directory.campus(forEmail: "ada@gmail.com") == nil)
        #expect(directory.campus(forEmail: "ada@utexas.edu")?.timeZone.identifier == "America/Chicago")
        for (bad, says) in [("umich.edu University of Michigan", "needs domains, '='"),
                            ("umich.edu = University of Michigan", "'@' and a time zone"),
                            ("umich.edu = University of Michigan @ Mars/Olympus", "not a time zone"),
                            ("umich = Michigan @ UTC", "is not an email domain"),
                            ("a.edu = A @ UTC; a.edu = B @ UTC", "already A's")] {
            #expect(throws: ConfigurationError.self) { try CampusDirectory.parse(bad, setting: "CAMPUSES") }
            do { _ = try CampusDirectory.parse(bad, setting: "CAMPUSES") } catch let error as ConfigurationError {
                #expect(error.description.contains(says), "\(error.description)")
                #expect(error.description.hasPrefix("CAMPUSES has a wrong entry"))
            }
        }
    }

    @Test("signing up with a campus address mails a link that verifies it once; the profile says so")
    func signUpVerifies() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await Self.withCampusApp(smtp) { app in
            let ada = try await app.register(email: "ada@med.umich.edu", name: "Ada")
            #expect(ada.user.campus == CampusMembership(id: "umich.edu", name: "University of Michigan", verified: false))
            #expect(ada.user.verificationRequired)
            let mail = try #require(try await smtp.waitForMessages(1).first)
            #expect(mail.to == ["ada@med.umich.edu"])
            let token = try Self.token(in: mail)
            #expect(try await UserRecord.find(ada.user.id, on: app.db)?.campusVerifiedAt == nil)
            let stored = try #require(try await EmailVerificationRecord.query(on: app.db).first())
            // The link's end, 24 hours on, in the campus's own clock.
            #expect(stored.expiresAt.timeIntervalSince(stored.createdAt) == 24 * 3_600)
            let detroit = LocalTime(TimeZone(identifier: "America/Detroit")!)
            #expect(mail.body.contains("open this link by \(detroit.time(stored.expiresAt)):"), "\(mail.body)")
            #expect(stored.tokenHash != token && !stored.tokenHash.contains(token))

            let done = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: token), token: ada.token)
            #expect(done.status == .ok, "\(done.text)")
            #expect(try done.decode(CampusVerificationStatus.self).campus.verified)
            let me = try await app.send(.GET, "/api/v1/me", token: ada.token).decode(UserProfile.self)
            #expect(me.campus == CampusMembership(id: "umich.edu", name: "University of Michigan", verified: true))
            #expect(!me.verificationRequired)
            let card = try await app.send(.GET, "/api/v1/users/\(ada.user.id)", token: ada.token).decode(SellerSummary.self)
            #expect(card.campus?.label == "Verified student · University of Michigan")

            let again = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: token), token: ada.token)
            #expect(again.status == .unprocessableEntity)
            #expect(try again.error.code == "verification_link_invalid")
        }
    }

    @Test("another address is added later; a non-campus address is 422; links expire after 24 h; asking is throttled")
    func addLater() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        let clock = TestClock()
        try await Self.withCampusApp(smtp, clock: clock) { app in
            let bo = try await app.register(email: "bo@gmail.com", name: "Bo")
            #expect(bo.user.campus == nil)
            let personal = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "bo@yahoo.com"), token: bo.token)
            #expect(personal.status == .unprocessableEntity)
            #expect(try personal.error.fields?["email"] != nil)
            #expect(try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "bo@utexas.edu")).status == .unauthorized)

            let asked = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "Bo@UTexas.edu"), token: bo.token)
            #expect(asked.status == .accepted, "\(asked.text)")
            let old = try Self.token(in: try await smtp.waitForMessages(1)[0])
            clock.advance(by: 25 * 3_600)
            let expired = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: old), token: bo.token)
            #expect(try expired.error.code == "verification_link_invalid")

            for _ in 0..<3 {
                #expect(try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "bo@utexas.edu"), token: bo.token).status == .accepted)
            }
            let fourth = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "bo@utexas.edu"), token: bo.token)
            #expect(fourth.status == .tooManyRequests)
            #expect(fourth.headers.first(name: .retryAfter) != nil)

            let fresh = try Self.token(in: try await smtp.waitForMessages(4)[3])
            #expect(try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: fresh), token: bo.token).status == .ok)
            let me = try await app.send(.GET, "/api/v1/me", token: bo.token).decode(UserProfile.self)
            #expect(me.campus == CampusMembership(id: "utexas.edu", name: "The University of Texas at Austin", verified: true))
            #expect(me.email == "bo@gmail.com")

            // One address verifies one account: the second asker's mail says so, with no link in it.
            let twin = try await app.register(email: "twin@gmail.com", name: "Twin")
            _ = try await app.send(.POST, "/api/v1/me/campus-email", json: CampusEmailRequest(email: "bo@utexas.edu"), token: twin.token)
            let notice = try await smtp.waitForMessages(5)[4]
            #expect(notice.body.contains("already verifies another account") && !notice.body.contains("verify-email?token="), "\(notice.body)")
            // Had a link been mailed before Bo verified, confirming it still meets the unique mailbox.
            let late = try await app.register(email: "late@gmail.com", name: "Late")
            try await EmailVerificationRecord(userID: late.user.id, email: "Bo+late@UTexas.edu", tokenHash: SessionTokens.hash("cmv_late"),
                                              createdAt: clock.now, expiresAt: clock.now.addingTimeInterval(3_600)).create(on: app.db)
            let taken = try await app.send(.POST, "/api/v1/auth/email-verification", json: EmailVerificationRequest(token: "cmv_late"), token: late.token)
            #expect(taken.status == .conflict)
            #expect(try taken.error.code == "campus_email_in_use")
        }
    }

    @Test("unverified, a student browses but cannot list, buy, rent, offer or message: 403 verification_required")
    func requireVerified() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.showOutsideCampus(app.verifiedStudent("Sam Seller"))
            let listing = try await app.createListing(.sample("Desk", salePriceCents: 2_000, rentPriceCents: 300, rentUnit: "hour", openToTrade: true), token: seller.token)
            let newcomer = try await app.register(email: "new@umich.edu", name: "New")
            #expect(try await app.send(.GET, "/api/v1/listings?campus=all", token: newcomer.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: newcomer.token).status == .ok)

            let attempts: [TestResponse] = [
                try await app.send(.POST, "/api/v1/listings", json: ListingInput.sample(), token: newcomer.token),
                try await app.purchase(listing.id, token: newcomer.token),
                try await app.rent(listing.id, from: Date().addingTimeInterval(7_200), to: Date().addingTimeInterval(10_800), token: newcomer.token),
                try await app.send(.POST, "/api/v1/listings/\(listing.id)/trade-offers", json: TradeOfferRequest(offeredListingIds: [], cashTopUpCents: 500), token: newcomer.token),
                try await app.send(.POST, "/api/v1/listings/\(listing.id)/conversations", token: newcomer.token),
            ]
            for response in attempts {
                #expect(response.status == .forbidden, "\(response.text)")
                #expect(try response.error.code == "verification_required")
                #expect(try response.error.message.contains("Verify your campus email"))
            }
            #expect(try await ListingRecord.query(on: app.db).count() == 1)
            try await app.markVerified(newcomer)
            #expect(try await app.send(.POST, "/api/v1/listings", json: ListingInput.sample(), token: newcomer.token).status == .created)
        }
    }

    @Test("with no campuses configured the market is open, as before: anyone lists, the campus is the email's domain")
    func openBoard() async throws {
        try await withTestApp { app in
            let ada = try await app.register(email: "ada@example.org")
            #expect(ada.user.campus == CampusMembership(id: "example.org", name: "example.org", verified: false))
            #expect(!ada.user.verificationRequired)
            let listing = try await app.createListing(.sample(), token: ada.token)
            #expect(listing.campus == "example.org")
            #expect(try await app.send(.GET, "/api/v1/campuses").decode([CampusInfo].self).isEmpty)
            // A seller's card names no campus: an email's domain says nothing a stranger should read.
            let card = try await app.send(.GET, "/api/v1/users/\(ada.user.id)").decode(SellerSummary.self)
            #expect(card.campus == nil)
            #expect(try await app.listing(listing.id).seller.campus == nil)
        }
    }

    @Test("with REQUIRE_VERIFIED on, a seller's contact goes to verified students only")
    func contactForVerifiedOnly() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.showOutsideCampus(app.verifiedStudent("Sam Seller"))
            #expect(try await app.send(.PATCH, "/api/v1/me", json: UpdateProfileRequest(contact: ContactMethod(kind: .phone, value: "+1 734 555 0100"),
                                                                                         privacy: PrivacyUpdate(contactAudience: .signedIn)),
                                       token: seller.token).status == .ok)
            let listing = try await app.createListing(.sample("Lamp"), token: seller.token)
            let unverified = try await app.register(email: "new@umich.edu", name: "New")
            let verified = try await app.verifiedStudent("Vera")
            #expect(try await app.listing(listing.id, token: unverified.token).seller.contact == nil)
            #expect(try await app.send(.GET, "/api/v1/users/\(seller.user.id)", token: unverified.token).decode(SellerSummary.self).contact == nil)
            #expect(try await app.listing(listing.id, token: verified.token).seller.contact?.value == "+1 734 555 0100")
            let page = try await app.visit("/listings/\(listing.id.uuidString.lowercased())", cookies: WebSessionCookie.name + "=" + unverified.token)
            #expect(!page.text.contains("734 555 0100"))
        }
    }

    @Test("a signed-in student's feed shows their campus; campus=all shows every campus; anonymous sees all")
    func campusFeed() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let wolverine = try await app.showOutsideCampus(app.verifiedStudent("Wol Verine"))
            let longhorn = try await app.showOutsideCampus(app.register(email: "long.horn@utexas.edu", name: "Long Horn"))
            try await app.markVerified(longhorn)
            _ = try await app.createListing(.sample("Michigan lamp"), token: wolverine.token)
            _ = try await app.createListing(.sample("Texas lamp"), token: longhorn.token)

            func titles(_ query: String, _ token: String?) async throws -> [String] {
                try await app.send(.GET, "/api/v1/listings\(query)", token: token).decode(ListingPage.self).items.map(\.title).sorted()
            }
            #expect(try await titles("", wolverine.token) == ["Michigan lamp"])
            #expect(try await titles("", longhorn.token) == ["Texas lamp"])
            #expect(try await titles("?campus=all", wolverine.token) == ["Michigan lamp", "Texas lamp"])
            #expect(try await titles("?campus=utexas.edu", wolverine.token) == ["Texas lamp"])
            #expect(try await titles("", nil) == ["Michigan lamp", "Texas lamp"])
            let bad = try await app.send(.GET, "/api/v1/listings?campus=hogwarts.edu")
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.error.fields?["campus"] != nil)
            let campuses = try await app.send(.GET, "/api/v1/campuses").decode([CampusInfo].self)
            #expect(campuses.map(\.id) == ["umich.edu", "utexas.edu"])
        }
    }
}
