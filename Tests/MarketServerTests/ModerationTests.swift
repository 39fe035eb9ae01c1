import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import SQLKit
import Testing
import Vapor

/// Roles from the command line, the moderation queue and its decisions, suspension, and the
/// audit log that records every one of them.
@Suite("Moderation")
struct ModerationTests {
    @Test("only moderators see the queue or decide; only admins read the log; the operator grants and revokes")
    func roles() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let student = try await app.verifiedStudent("Stu Dent")
            #expect(try await app.send(.GET, "/api/v1/moderation/reports", token: student.token).status == .forbidden)
            #expect(try await app.send(.GET, "/api/v1/moderation/reports").status == .unauthorized)
            #expect(try await app.decide(UUID(), .dismiss, token: student.token).status == .forbidden)
            let moderator = try await app.moderator()
            #expect(try await app.send(.GET, "/api/v1/me", token: moderator.token).decode(UserProfile.self).roles == [.moderator])
            #expect(try await app.send(.GET, "/api/v1/moderation/reports", token: moderator.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/moderation/log", token: moderator.token).status == .forbidden)
            let admin = try await app.moderator(.admin, name: "Ada Admin")
            let log = try await app.send(.GET, "/api/v1/moderation/log", token: admin.token).decode(MarketCore.Page<AuditEntry>.self)
            #expect(log.items.map(\.action) == ["grant_admin", "grant_moderator"])
            #expect(log.items.allSatisfy { $0.actorId == nil && $0.actorName == AuditLog.operatorName })
            // Page by page, newest first, nothing twice.
            let first = try await app.send(.GET, "/api/v1/moderation/log?limit=1", token: admin.token).decode(MarketCore.Page<AuditEntry>.self)
            let cursor = try #require(first.nextCursor)
            let second = try await app.send(.GET, "/api/v1/moderation/log?limit=1&cursor=\(cursor)", token: admin.token).decode(MarketCore.Page<AuditEntry>.self)
            #expect(first.items.map(\.action) + second.items.map(\.action) == ["grant_admin", "grant_moderator"])
            #expect(second.nextCursor == nil)

            try await app.runCommand(["users", "show", moderator.user.email])  // prints; must not fail
            try await app.runCommand(["users", "revoke", moderator.user.email, "moderator"])
            #expect(try await app.send(.GET, "/api/v1/moderation/reports", token: moderator.token).status == .forbidden)
            await #expect(throws: ConfigurationError.self) { try await app.runCommand(["users", "grant", moderator.user.email, "king"]) }
            await #expect(throws: ConfigurationError.self) { try await app.runCommand(["users", "grant", "nobody@umich.edu", "moderator"]) }
        }
    }

    @Test("the queue groups open reports by subject; removing a listing closes them all, tells reporters and seller, and is logged")
    func removeListing() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let listing = try await app.createListing(.sample("Fake concert tickets"), token: seller.token)
            let first = try await app.verifiedStudent("Rita")
            let second = try await app.verifiedStudent("Rex")
            _ = try await app.report(.listing, listing.id, details: "Same photos as a listing in another city", token: first.token)
            _ = try await app.report(.listing, listing.id, reason: .prohibited, token: second.token)
            let moderator = try await app.moderator(.admin)

            let queue = try await app.send(.GET, "/api/v1/moderation/reports?status=open", token: moderator.token).decode(MarketCore.Page<ModerationCase>.self)
            let item = try #require(queue.items.first)
            #expect(queue.items.count == 1)
            #expect(item.reportCount == 2 && item.subjectTitle == "Fake concert tickets" && item.ownerId == seller.user.id)
            #expect(item.reasons == [.prohibited, .scam] && item.details == ["Same photos as a listing in another city"])

            let missingNote = try await app.send(.POST, "/api/v1/moderation/reports/\(item.id)/decision", json: ["action": "remove_listing"], token: moderator.token)
            #expect(missingNote.status == .unprocessableEntity)
            #expect(try missingNote.error.fields?["note"] != nil)
            let decided = try await app.decide(item.id, .removeListing, note: "Ticket resale is not allowed here.", token: moderator.token)
            #expect(decided.status == .ok, "\(decided.text)")
            #expect(try decided.decode(ModerationOutcome.self).closedReports == 2)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: seller.token).decode(MarketCore.Listing.self).status == .removed)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: first.token).status == .notFound)
            #expect(try await app.decide(item.id, .dismiss, token: moderator.token).status == .conflict)

            let told = try await app.notifications(token: first.token).items
            #expect(told.contains { $0.kind == .reportDecided && $0.message.contains("acted on it") })
            #expect(!told.contains { $0.message.contains("Rex") })
            let sellerTold = try await app.notifications(token: seller.token).items
            #expect(sellerTold.contains { $0.kind == .moderatorAction && $0.message.contains("Ticket resale is not allowed here.") })
            #expect(!sellerTold.contains { $0.message.contains("Rita") || $0.message.contains("Rex") })

            let log = try await app.send(.GET, "/api/v1/moderation/log", token: moderator.token).decode(MarketCore.Page<AuditEntry>.self)
            let entry = try #require(log.items.first)
            #expect(entry.action == "remove_listing" && entry.actorId == moderator.user.id && entry.subjectId == listing.id
                    && entry.note == "Ticket resale is not allowed here.")
            #expect(try await app.send(.GET, "/api/v1/moderation/reports?status=open", token: moderator.token).decode(MarketCore.Page<ModerationCase>.self).items.isEmpty)
        }
    }

    @Test("dismissing puts a hidden listing back; a moderator cannot decide on their own listing")
    func dismissAndOwn() async throws {
        try await withTestApp(adjust: { settings in TestCampuses.adjust(&settings); settings.reportsToHide = 1 }) { app in
            let moderator = try await app.showOutsideCampus(app.moderator())
            let other = try await app.moderator(name: "Other Mod")
            let reporter = try await app.verifiedStudent("Rita")
            let mine = try await app.createListing(.sample("Moderator's own desk"), token: moderator.token)
            let report = try await app.report(.listing, mine.id, token: reporter.token).decode(Report.self)
            #expect(try await app.send(.GET, "/api/v1/listings/\(mine.id)").status == .notFound)
            let own = try await app.decide(report.id, .dismiss, token: moderator.token)
            #expect(own.status == .forbidden)
            #expect(try own.error.code == "own_subject")
            #expect(try await app.decide(report.id, .dismiss, note: "A normal desk.", token: other.token).status == .ok)
            #expect(try await app.send(.GET, "/api/v1/listings/\(mine.id)").decode(MarketCore.Listing.self).status == .active)
            let userReport = try await app.report(.user, moderator.user.id, token: reporter.token)
            #expect(userReport.status == .created, "\(userReport.text)")
            let wrongKind = try userReport.decode(Report.self)
            #expect(try await app.decide(wrongKind.id, .removeListing, token: other.token).status == .unprocessableEntity)
        }
    }

    @Test("suspension signs the account out everywhere, refuses sign-in in a sentence, and takes its listings off; unsuspending brings them back")
    func suspension() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let scammer = try await app.showOutsideCampus(app.verifiedStudent("Scam Artist"))
            let second = try await app.login(LoginRequest(email: scammer.user.email, password: "correct horse battery")).decode(AuthResponse.self)
            let listing = try await app.createListing(.sample("Bait"), token: scammer.token)
            let reporter = try await app.verifiedStudent("Rita")
            _ = try await app.openConversation(about: listing.id, token: reporter.token)
            let report = try await app.report(.user, scammer.user.id, reason: .harassment, token: reporter.token).decode(Report.self)
            let moderator = try await app.moderator(.admin)
            #expect(try await app.decide(report.id, .suspendUser, note: "Threatening messages.", token: moderator.token).status == .ok)

            #expect(try await app.send(.GET, "/api/v1/me", token: scammer.token).status == .unauthorized)
            #expect(try await app.send(.GET, "/api/v1/me", token: second.token).status == .unauthorized)
            let signIn = try await app.login(LoginRequest(email: scammer.user.email, password: "correct horse battery"))
            #expect(signIn.status == .forbidden)
            #expect(try signIn.error.code == "account_suspended")
            #expect(try !signIn.error.message.contains("Threatening"))
            // A wrong password says nothing about the suspension.
            #expect(try await app.login(LoginRequest(email: scammer.user.email, password: "wrong password!")).status == .unauthorized)
            #expect(try await app.searchListings("campus=all").items.isEmpty)
            #expect(try await app.send(.GET, "/api/v1/listings/\(listing.id)").status == .notFound)

            // The people they talked with see it in the conversation.
            let conversation = try #require(try await app.conversations(token: reporter.token).items.first)
            #expect(conversation.otherUser.id == scammer.user.id && conversation.otherUser.suspended)

            try await app.runCommand(["users", "unsuspend", scammer.user.email])
            #expect(try await app.login(LoginRequest(email: scammer.user.email, password: "correct horse battery")).status == .ok)
            #expect(try await app.searchListings("campus=all").items.map(\.title) == ["Bait"])
            let actions = try await app.send(.GET, "/api/v1/moderation/log", token: moderator.token).decode(MarketCore.Page<AuditEntry>.self).items.map(\.action)
            #expect(actions.prefix(2) == ["unsuspend_user", "suspend_user"])
        }
    }

    @Test("a person reported by REPORTS_TO_HIDE accounts goes to the top of the queue, above an older case as reported")
    func urgentPeopleFirst() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let seller = try await app.verifiedStudent("Sam Seller")
            let listing = try await app.createListing(.sample("Loud speakers"), token: seller.token)
            let stalker = try await app.verifiedStudent("Stan Stalker")
            var reporters: [AuthResponse] = []
            for index in 0..<3 { reporters.append(try await app.verifiedStudent("Reporter \(index)")) }
            for reporter in reporters { _ = try await app.report(.listing, listing.id, reason: .spam, token: reporter.token) }
            for reporter in reporters { _ = try await app.report(.user, stalker.user.id, reason: .harassment, token: reporter.token) }
            let moderator = try await app.moderator()
            let queue = try await app.send(.GET, "/api/v1/moderation/reports", token: moderator.token).decode(MarketCore.Page<ModerationCase>.self)
            #expect(queue.items.map(\.subjectTitle) == ["Stan Stalker", "Loud speakers"])
            #expect(queue.items.map(\.reportCount) == [3, 3])
        }
    }

    @Test("a deleted account frees its campus address for a new account")
    func deletionFreesAddress() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            let old = try await app.register(email: "ada@umich.edu", name: "Ada")
            try await app.markVerified(old)
            #expect(try await app.deleteAccount(token: old.token).status == .noContent)
            let fresh = try await app.register(email: "ada@umich.edu", name: "Ada again")
            try await app.markVerified(fresh)
            #expect(try await app.send(.GET, "/api/v1/me", token: fresh.token).decode(UserProfile.self).campus?.verified == true)
        }
    }

    @Test("the audit log is append-only: the database refuses to change or delete an entry")
    func appendOnly() async throws {
        try await withTestApp(adjust: TestCampuses.adjust) { app in
            _ = try await app.moderator()
            #expect(try await AuditLogRecord.query(on: app.db).count() == 1)
            await #expect(throws: (any Error).self) { try await app.db.sql.raw("UPDATE audit_log SET note = 'edited'").run() }
            await #expect(throws: (any Error).self) { try await app.db.sql.raw("DELETE FROM audit_log").run() }
            #expect(try await AuditLogRecord.query(on: app.db).first()?.note == nil)
            #expect(try await AuditLogRecord.query(on: app.db).count() == 1)
        }
    }

    @Test("the queue pages through every open report, worst first; a cursor that is not ours is 422")
    func queuePages() async throws {
        try await withTestApp(adjust: { settings in TestCampuses.adjust(&settings); settings.reportsToHide = 100 }) { app in
            let moderator = try await app.moderator()
            let seller = try await app.verifiedStudent("Sam Seller")
            let reporters = [try await app.verifiedStudent("Rita"), try await app.verifiedStudent("Rex")]
            var listings: [MarketCore.Listing] = []
            for number in 0..<7 { listings.append(try await app.createListing(.sample("Item \(number)"), token: seller.token)) }
            for listing in listings { #expect(try await app.report(.listing, listing.id, token: reporters[0].token).status == .created) }
            // The newest, reported twice, is the worst: first.
            #expect(try await app.report(.listing, listings[6].id, token: reporters[1].token).status == .created)
            var seen: [UUID] = [], cursor: String? = nil, pages = 0
            repeat {
                let query = "/api/v1/moderation/reports?limit=3" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await app.send(.GET, query, token: moderator.token).decode(MarketCore.Page<ModerationCase>.self)
                seen += page.items.map(\.subjectId)
                cursor = page.nextCursor
                pages += 1
            } while cursor != nil && pages < 10
            #expect(pages == 3 && seen.count == 7 && Set(seen) == Set(listings.map(\.id)), "\(pages) pages, \(seen.count) cases")
            #expect(seen.first == listings[6].id)
            #expect(Array(seen.dropFirst()) == listings.prefix(6).map(\.id))  // then the oldest first
            let bad = try await app.send(.GET, "/api/v1/moderation/reports?cursor=zz", token: moderator.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.error.fields?["cursor"] != nil)
            // The page links to the next page too.
            let web = try await app.send(.GET, "/moderation", headers: ["Cookie": WebSessionCookie.name + "=" + moderator.token])
            #expect(!web.text.contains("More reports"))  // 7 cases fit the page's 50
        }
    }

    @Test("a removal and a purchase of one listing, raced: exactly one wins, every time")
    func decisionRacesPurchase() async throws {
        try await withTestApp(adjust: { settings in TestCampuses.adjust(&settings); settings.reportsToHide = 100 }) { app in
            let moderator = try await app.moderator()
            let seller = try await app.verifiedStudent("Sam Seller")
            // Two reporters: one account files at most ReportService.perWindow reports an hour.
            let reporters = [try await app.verifiedStudent("Rita"), try await app.verifiedStudent("Rex")]
            let buyer = try await app.verifiedStudent("Bea Buyer")
            var outcomes: [String: Int] = [:]
            for round in 0..<12 {
                let listing = try await app.createListing(.sample("Item \(round)"), token: seller.token)
                let report = try await app.report(.listing, listing.id, token: reporters[round % 2].token).decode(Report.self)
                async let bought = app.purchase(listing.id, token: buyer.token)
                async let removed = app.decide(report.id, .removeListing, token: moderator.token)
                let (purchase, decision) = try await (bought, removed)
                let status = try await app.send(.GET, "/api/v1/listings/\(listing.id)", token: seller.token).decode(MarketCore.Listing.self).status
                let orders = try await OrderRecord.query(on: app.db).filter(\.$listing.$id == listing.id).count()
                if purchase.status == .created {
                    #expect(decision.status == .conflict, "both won in round \(round)")
                    #expect(status == .reserved && orders == 1)
                    outcomes["purchase", default: 0] += 1
                } else {
                    // A removed listing is, to a buyer, no longer there (404), not a named state.
                    #expect(decision.status == .ok && purchase.status == .notFound, "\(purchase.text) / \(decision.text)")
                    #expect(status == .removed && orders == 0)
                    outcomes["removal", default: 0] += 1
                }
            }
            #expect(outcomes.values.reduce(0, +) == 12)
        }
    }
}
