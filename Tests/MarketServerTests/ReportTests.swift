import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Reporting listings, people and messages, and the listing that enough verified students
/// reported leaving the market until a moderator decides.
@Suite("Reports")
struct ReportTests {
    @Test("a report is 201; a repeat 409; one's own listing or self 422; an unknown subject 404; bad fields 422 by name")
    func rules() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let reporter = try await app.verifiedStudent("Rita Reporter")
            let listing = try await app.createListing(.sample("Too-good iPad"), token: seller.token)

            let made = try await app.report(.listing, listing.id, details: "Asks for payment by gift card", token: reporter.token)
            #expect(made.status == .created, "\(made.text)")
            let report = try made.decode(Report.self)
            #expect(report.subject == .listing && report.reason == .scam && report.status == "open")
            #expect(try await app.report(.listing, listing.id, reason: .spam, token: reporter.token).status == .conflict)
            let own = try await app.report(.listing, listing.id, token: seller.token)
            #expect(own.status == .unprocessableEntity)
            #expect(try own.error.fields?["id"] != nil)
            #expect(try await app.report(.user, seller.user.id, token: seller.token).status == .unprocessableEntity)
            #expect(try await app.report(.listing, UUID(), token: reporter.token).status == .notFound)
            #expect(try await app.report(.user, UUID(), token: reporter.token).status == .notFound)
            #expect(try await app.report(.listing, listing.id, token: "cm_nope").status == .unauthorized)
            let bad = try await app.send(.POST, "/api/v1/reports", rawBody: #"{"subject":"planet","reason":"meh","details":"\#(String(repeating: "x", count: 1_001))"}"#,
                                         token: reporter.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try Set(bad.error.fields?.keys.map { $0 } ?? []) == ["subject", "id", "reason", "details"])
            #expect(try await ReportRecord.query(on: app.db).count() == 1)
        }
    }

    @Test("one account files at most 10 reports an hour (429 after, in words); an account younger than an hour does not help hide a listing")
    func floodsAndYoungAccounts() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { settings in
            TestCampuses.adjust(&settings)
            settings.reportsToHide = 2
            settings.reporterMinimumAge = 3_600
        }) { app in
            let seller = try await app.showOutsideCampus(app.verifiedStudent("Sam Seller"))
            let flooder = try await app.verifiedStudent("Flo Flooder")
            var listings: [MarketCore.Listing] = []
            for number in 0..<11 { listings.append(try await app.createListing(.sample("Lamp \(number)"), token: seller.token)) }
            for listing in listings.prefix(10) {
                #expect(try await app.report(.listing, listing.id, token: flooder.token).status == .created)
            }
            let eleventh = try await app.report(.listing, listings[10].id, token: flooder.token)
            #expect(eleventh.status == .tooManyRequests && eleventh.headers.first(name: .retryAfter) != nil)
            #expect(try eleventh.error.message.contains("Too many reports"))
            clock.advance(by: 3_601)
            #expect(try await app.report(.listing, listings[10].id, token: flooder.token).status == .created)

            // Two accounts made a moment ago report the same listing: it stays on the market.
            let young = [try await app.verifiedStudent("New One"), try await app.verifiedStudent("New Two")]
            let target = listings[0]
            for account in young { #expect(try await app.report(.listing, target.id, reason: .spam, token: account.token).status == .created) }
            #expect(try await app.listing(target.id).status == .active)
            // An hour later, their next reports count: a report from each of two old accounts hides it.
            clock.advance(by: 3_601)
            let other = listings[1]
            for account in young { #expect(try await app.report(.listing, other.id, reason: .spam, token: account.token).status == .created) }
            #expect(try await app.send(.GET, "/api/v1/listings/\(other.id)").status == .notFound)
        }
    }

    @Test("a message is reported by someone in its conversation; to anyone else it does not exist")
    func messages() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let buyer = try await app.verifiedStudent("Bea Buyer")
            let outsider = try await app.verifiedStudent("Otto Outsider")
            let listing = try await app.createListing(.sample(), token: seller.token)
            let conversation = try await app.openConversation(about: listing.id, token: buyer.token)
            let sent = try await app.sendMessage("pay me in gift cards", in: conversation.id, token: seller.token)
            let message = try sent.decode(ConversationMessage.self)
            #expect(try await app.report(.message, message.id, reason: .scam, token: outsider.token).status == .notFound)
            #expect(try await app.report(.message, message.id, reason: .scam, token: seller.token).status == .unprocessableEntity)
            #expect(try await app.report(.message, message.id, reason: .scam, token: buyer.token).status == .created)
            // The report page leads back to the conversation, for its sides only.
            let page = try await app.visit("/report?subject=message&id=\(message.id.wireString)", cookies: WebSessionCookie.name + "=" + buyer.token)
            #expect(page.text.contains("href=\"/messages/\(conversation.id.wireString)\""))
            let stranger = try await app.visit("/report?subject=message&id=\(message.id.wireString)", cookies: WebSessionCookie.name + "=" + outsider.token)
            #expect(!stranger.text.contains(conversation.id.wireString))
        }
    }

    @Test("three distinct verified reporters hide a listing from search, the feed and its page, except for its owner and moderators")
    func hiddenPendingReview() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.showOutsideCampus(app.verifiedStudent("Sam Seller"))
            let listing = try await app.createListing(.sample("Suspicious bike"), token: seller.token)
            let unverified = try await app.register(email: "fresh@umich.edu", name: "Fresh")
            var reporters: [AuthResponse] = []
            for index in 0..<3 { reporters.append(try await app.verifiedStudent("Reporter \(index)")) }
            let moderator = try await app.moderator()

            // Two verified and one unverified: not enough.
            #expect(try await app.report(.listing, listing.id, token: reporters[0].token).status == .created)
            #expect(try await app.report(.listing, listing.id, token: reporters[1].token).status == .created)
            #expect(try await app.report(.listing, listing.id, token: unverified.token).status == .created)
            #expect(try await app.listing(listing.id).status == .active)

            #expect(try await app.report(.listing, listing.id, token: reporters[2].token).status == .created)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)").status == .notFound)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: reporters[0].token).status == .notFound)
            #expect(try await app.send(.GET, "/listings/\(listing.id)").status == .notFound)
            #expect(try await app.searchListings("q=bike&campus=all").items.isEmpty)
            #expect(try await app.searchListings("campus=all").items.isEmpty)
            let forOwner = try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: seller.token)
            #expect(try forOwner.decode(MarketCore.Listing.self).status == .hidden)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: moderator.token).status == .ok)
            // Nobody buys a listing under review.
            #expect(try await app.purchase(listing.id, token: reporters[0].token).status == .notFound)
        }
    }
}
