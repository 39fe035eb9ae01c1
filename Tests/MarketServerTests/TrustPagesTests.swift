import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The trust pages as a browser without script uses them: forms, CSRF, the message beside the
/// field with the input kept, 403 pages for people without the role.
@Suite("Trust pages")
struct TrustPagesTests {
    static func cookie(_ account: AuthResponse) -> String { WebSessionCookie.name + "=" + account.token }

    @Test("the mailed link opens a page whose button verifies, without script; the banner shows until then")
    func verifyByLink() async throws {
        let smtp = try await TestSMTPServer.start()
        defer { Task { await smtp.stop() } }
        try await CampusVerificationTests.withCampusApp(smtp) { app in
            let ada = try await app.register(email: "ada@umich.edu", name: "Ada")
            let home = try await app.visit("/", cookies: Self.cookie(ada))
            #expect(home.text.contains("Verify your campus email to start"))
            let token = try CampusVerificationTests.token(in: try await smtp.waitForMessages(1)[0])

            let opened = try await app.visit("/verify-email?token=\(token)", cookies: Self.cookie(ada))
            #expect(opened.text.contains("Verify my address") && opened.text.contains("ada@umich.edu"))
            #expect(try await UserRecord.find(ada.user.id, on: app.db)?.campusVerifiedAt == nil)  // opening the link is not enough
            let confirmed = try await app.postForm("/verify-email", fields: ["csrf": opened.csrf, "token": token], cookies: opened.cookies)
            #expect(confirmed.status == .seeOther && confirmed.headers.first(name: .location) == "/verify")
            let after = try await app.visit("/", cookies: Self.cookie(ada))
            #expect(!after.text.contains("Verify your campus email to start"))
            let seller = try await app.visit("/users/\(ada.user.id.uuidString.lowercased())", cookies: Self.cookie(ada))
            #expect(seller.text.contains("Verified student · University of Michigan"))

            let bad = try await app.postForm("/verify-email", fields: ["csrf": opened.csrf, "token": token], cookies: opened.cookies)
            #expect(bad.status == .unprocessableEntity && bad.text.contains("Ask for a new one"))
        }
    }

    @Test("the feed shows a student's campus first; the picker switches to another campus or all; a wrong id is named, not fatal")
    func campusPicker() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let wolverine = try await app.showOutsideCampus(app.verifiedStudent("Wol Verine"))
            let longhorn = try await app.showOutsideCampus(app.register(email: "long@utexas.edu", name: "Long Horn"))
            try await app.markVerified(longhorn)
            let lamp = try await app.createListing(.sample("Michigan lamp"), token: wolverine.token)
            _ = try await app.createListing(.sample("Texas lamp"), token: longhorn.token)
            // A campus is named, never shown as a raw domain: on cards and on the listing's page.
            let page = try await app.visit("/listings/\(lamp.id.uuidString.lowercased())")
            #expect(page.text.contains("<dd>University of Michigan</dd>") && !page.text.contains(">umich.edu<"))
            let mine = try await app.visit("/", cookies: Self.cookie(wolverine))
            #expect(mine.text.contains("Latest at University of Michigan") && mine.text.contains("Michigan lamp") && !mine.text.contains("Texas lamp"))
            #expect(mine.text.contains("My campus (University of Michigan)") && mine.text.contains("All campuses"))
            #expect(mine.text.contains(" · University of Michigan") && !mine.text.contains(" · umich.edu"))
            let all = try await app.visit("/?campus=all", cookies: Self.cookie(wolverine))
            #expect(all.text.contains("Michigan lamp") && all.text.contains("Texas lamp"))
            let texas = try await app.visit("/?campus=utexas.edu&category=furniture", cookies: Self.cookie(wolverine))
            #expect(texas.text.contains("Latest at") || texas.text.contains("Furniture"))
            #expect(texas.text.contains("Texas lamp") && !texas.text.contains("Michigan lamp"))
            let anonymous = try await app.visit("/")
            #expect(anonymous.text.contains("Michigan lamp") && anonymous.text.contains("Texas lamp"))
            let wrong = try await app.send(.GET, "/?campus=hogwarts.edu")
            #expect(wrong.status == .ok && wrong.text.contains("There is no campus “hogwarts.edu” here"))
        }
    }

    @Test("/verify keeps a wrong address with its message beside it")
    func verifyForm() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let bo = try await app.register(email: "bo@gmail.com", name: "Bo")
            let page = try await app.visit("/verify", cookies: Self.cookie(bo))
            let wrong = try await app.postForm("/verify", fields: ["csrf": page.csrf, "email": "bo@yahoo.com"], cookies: page.cookies)
            #expect(wrong.status == .unprocessableEntity)
            #expect(wrong.text.contains("value=\"bo@yahoo.com\"") && wrong.text.contains("is not at a campus this market serves"))
            let sent = try await app.postForm("/verify", fields: ["csrf": page.csrf, "email": "bo@umich.edu"], cookies: page.cookies)
            #expect(sent.status == .seeOther)
        }
    }

    @Test("report form: the reason list, a too-long detail kept with its message, then back to the listing")
    func reportForm() async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam Seller")
            let reporter = try await app.register(name: "Rita")
            let listing = try await app.createListing(.sample("Cheap iPhone"), token: seller.token)
            let id = listing.id.uuidString.lowercased()
            let listingPage = try await app.visit("/listings/\(id)", cookies: Self.cookie(reporter))
            #expect(listingPage.text.contains("/report?subject=listing&amp;id=\(id)"))
            let form = try await app.visit("/report?subject=listing&id=\(id)", cookies: Self.cookie(reporter))
            #expect(form.text.contains("Report the listing “Cheap iPhone”") && form.text.contains("A scam or fraud"))
            let long = String(repeating: "x", count: 1_001)
            let tooLong = try await app.postForm("/report", fields: ["csrf": form.csrf, "subject": "listing", "id": id, "reason": "scam", "details": long],
                                                 cookies: form.cookies)
            #expect(tooLong.status == .unprocessableEntity)
            #expect(tooLong.text.contains(long) && tooLong.text.contains("at most 1000 characters"))
            let sent = try await app.postForm("/report", fields: ["csrf": form.csrf, "subject": "listing", "id": id, "reason": "scam"], cookies: form.cookies)
            #expect(sent.status == .seeOther)
            #expect(sent.headers.first(name: .location)?.hasPrefix("/listings/\(id)") == true)
            // A message from the other side carries its own report link; one's own does not.
            let conversation = try await app.openConversation(about: listing.id, token: reporter.token)
            let message = try await app.sendMessage("Pay by gift card first", in: conversation.id, token: seller.token).decode(ConversationMessage.self)
            _ = try await app.sendMessage("No thanks", in: conversation.id, token: reporter.token)
            let thread = try await app.visit("/messages/\(conversation.id.uuidString.lowercased())", cookies: Self.cookie(reporter))
            #expect(thread.text.contains("/report?subject=message&amp;id=\(message.id.uuidString.lowercased())"))
            #expect(thread.text.components(separatedBy: "subject=message").count == 2)
            let noCSRF = try await app.postForm("/report", fields: ["subject": "listing", "id": id, "reason": "spam"], cookies: form.cookies)
            #expect(noCSRF.status == .forbidden)
        }
    }

    @Test("/moderation: 403 for a student; a moderator decides with a note (kept on error); /moderation/log for admins only")
    func moderationPages() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let listing = try await app.createListing(.sample("Fake tickets"), token: seller.token)
            let reporter = try await app.verifiedStudent("Rita")
            let report = try await app.report(.listing, listing.id, details: "Sold the same tickets twice", token: reporter.token).decode(Report.self)
            #expect(try await app.send(.GET, "/moderation", headers: ["Cookie": Self.cookie(reporter)]).status == .forbidden)

            let moderator = try await app.moderator()
            let queue = try await app.visit("/moderation", cookies: Self.cookie(moderator))
            #expect(queue.text.contains("Fake tickets") && queue.text.contains("Sold the same tickets twice") && queue.text.contains("1 report"))
            #expect(!queue.text.contains("Rita"))  // reporters stay unnamed, even here
            let path = "/moderation/reports/\(report.id.uuidString.lowercased())/decision"
            let noNote = try await app.postForm(path, fields: ["csrf": queue.csrf, "action": "remove_listing", "note": " "], cookies: queue.cookies)
            #expect(noNote.status == .unprocessableEntity && noNote.text.contains("say why"))
            let done = try await app.postForm(path, fields: ["csrf": queue.csrf, "action": "remove_listing", "note": "Resale of tickets."], cookies: queue.cookies)
            #expect(done.status == .seeOther)
            #expect(try await app.visit("/moderation", cookies: Self.cookie(moderator)).text.contains("No open reports"))
            #expect(try await app.send(.GET, "/moderation/log", headers: ["Cookie": Self.cookie(moderator)]).status == .forbidden)
            let admin = try await app.moderator(.admin, name: "Ada Admin")
            let log = try await app.visit("/moderation/log", cookies: Self.cookie(admin))
            #expect(log.text.contains("remove listing") && log.text.contains("Resale of tickets.") && log.text.contains("Mo Moderator"))
        }
    }

    @Test("a completed order invites a review; the review shows on the seller's page with the item and the month")
    func reviewPages() async throws {
        try await withTestApp { app in
            let (deal, order) = try await ReviewTests.completedOrder(app)
            let orderPath = "/orders/\(order.id.uuidString.lowercased())"
            let orderPage = try await app.visit(orderPath, cookies: Self.cookie(deal.buyer))
            #expect(orderPage.text.contains("Review Sam S."))
            let form = try await app.visit(orderPath + "/review", cookies: Self.cookie(deal.buyer))
            let bad = try await app.postForm(orderPath + "/review", fields: ["csrf": form.csrf, "rating": "9", "text": "Great seller"], cookies: form.cookies)
            #expect(bad.status == .unprocessableEntity && bad.text.contains("Great seller") && bad.text.contains("from 1 to 5"))
            let posted = try await app.postForm(orderPath + "/review", fields: ["csrf": form.csrf, "rating": "4", "text": "Great seller"], cookies: form.cookies)
            #expect(posted.status == .seeOther)
            #expect(!(try await app.visit(orderPath, cookies: Self.cookie(deal.buyer)).text.contains("Review Sam S.")))
            let listingPage = try await app.visit("/listings/\(deal.listing.id.uuidString.lowercased())", cookies: Self.cookie(deal.buyer))
            #expect(listingPage.text.contains("4.0 ★ (1 review)") && listingPage.text.contains("“Great seller” — Bea B., Calculus textbook, "))
            let sellerPage = try await app.visit("/users/\(deal.seller.user.id.uuidString.lowercased())")
            // Signed out, the seller's page says what the review is about without the sold book's title.
            #expect(sellerPage.text.contains("Great seller") && !sellerPage.text.contains("Calculus textbook") && sellerPage.text.contains("4.0 ★ (1 review)"))
        }
    }
}
