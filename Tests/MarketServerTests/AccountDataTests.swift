import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import MarketTestSupport
import SQLKit
import Testing
import Vapor

/// "Download my data" (every kind of thing an account holds, nobody else's) and what deleting
/// an account erases and keeps.
@Suite("Account data: download and erasure")
struct AccountDataTests {
    /// A buyer who has done one of everything: bought and reviewed, been reviewed, sold, saved,
    /// searched, spent, blocked, reported, messaged.
    struct Life {
        var deal: Deal
        var order: MarketCore.Order
        var ownListing: MarketCore.Listing
        var stranger: AuthResponse
        var strangersListing: MarketCore.Listing
    }

    static func life(_ app: Application) async throws -> Life {
        let (deal, order) = try await ReviewTests.completedOrder(app)
        let buyer = deal.buyer
        #expect(try await app.send(.POST, "/api/v1/orders/\(order.id)/review", json: ReviewRequest(rating: 5, text: "Smooth pickup"), token: buyer.token).status == .created)
        #expect(try await app.send(.POST, "/api/v1/orders/\(order.id)/review", json: ReviewRequest(rating: 4, text: "Paid on time"), token: deal.seller.token).status == .created)
        let ownListing = try await app.createListing(.sample("Bea's old lamp"), token: buyer.token)
        #expect(try await app.uploadPhoto(SampleImages.png, named: "lamp.png", declaredType: "image/png", to: ownListing.id, token: buyer.token).status == .created)
        let stranger = try await app.register(email: "stan.private@campus.edu", name: "Stan Stranger")
        let strangersListing = try await app.createListing(.sample("Stan's desk"), token: stranger.token)
        #expect(try await app.send(.PUT, "/api/v1/me/favorites/\(strangersListing.id)", token: buyer.token).status == .ok)
        #expect(try await SavedSearchTests.save(app, ListingQuery(text: "desk"), token: buyer.token).status == .created)
        #expect(try await app.send(.POST, "/api/v1/expenses", json: ExpenseInput(expenseTitle: "Bus pass", expenseDescription: "term", amountInCents: 2_000,
                                                                                dateOfPurchase: Date()), token: buyer.token).status == .created)
        let conversation = try await app.openConversation(about: strangersListing.id, token: buyer.token)
        try await app.sendMessage("Is the desk sturdy?", in: conversation.id, token: buyer.token)
        try await app.sendMessage("Very. Solid oak.", in: conversation.id, token: stranger.token)
        #expect(try await app.report(.listing, strangersListing.id, reason: .spam, details: "Posted three times", token: buyer.token).status == .created)
        #expect(try await app.send(.POST, "/api/v1/users/\(stranger.user.id)/block", token: buyer.token).status == .ok)
        // Someone else's business, which the buyer's archive must not carry.
        let other = try await app.register(email: "other.party@campus.edu", name: "Other Party")
        let theirs = try await app.openConversation(about: strangersListing.id, token: other.token)
        try await app.sendMessage("Secret offer: 5 dollars", in: theirs.id, token: other.token)
        return Life(deal: deal, order: order, ownListing: ownListing, stranger: stranger, strangersListing: strangersListing)
    }

    @Test("the archive holds one of everything the account did, in the API's shapes, and nothing of anyone else's")
    func export() async throws {
        try await withTestApp { app in
            let life = try await Self.life(app)
            let response = try await app.send(.GET, "/api/v1/me/export", token: life.deal.buyer.token)
            #expect(response.status == .ok && response.headers.first(name: .cacheControl) == "no-store")
            let archive = try response.decode(AccountExport.self)
            #expect(archive.profile.id == life.deal.buyer.user.id && archive.profile.email == life.deal.buyer.user.email)
            #expect(archive.listings.map(\.id) == [life.ownListing.id])
            #expect(archive.listings.first?.photos.first?.url.isEmpty == false)
            #expect(archive.orders.map(\.id) == [life.order.id])
            #expect(archive.reviewsGiven.map(\.text) == ["Smooth pickup"] && archive.reviewsReceived.map(\.text) == ["Paid on time"])
            #expect(archive.conversations.count == 1)
            #expect(archive.conversations.first?.messages.map(\.text) == ["Is the desk sturdy?", "Very. Solid oak."])
            #expect(archive.reportsFiled.map(\.details) == ["Posted three times"])
            #expect(archive.favorites.map(\.listingId) == [life.strangersListing.id])
            #expect(archive.savedSearches.map(\.query.text) == ["desk"])
            #expect(archive.expenses.map(\.expenseTitle) == ["Bus pass"])
            #expect(archive.ledger.count >= 2)  // the purchase and the expense
            #expect(archive.blocked.map(\.id) == [life.stranger.user.id])
            #expect(!archive.notifications.isEmpty)
            // Nobody else's words or addresses.
            #expect(!response.text.contains("Secret offer") && !response.text.contains("stan.private@campus.edu")
                    && !response.text.contains(life.deal.seller.user.email))
            // The seller's archive has the sale, and not the buyer's own listing or searches.
            let sellers = try await app.send(.GET, "/api/v1/me/export", token: life.deal.seller.token).decode(AccountExport.self)
            #expect(sellers.orders.map(\.id) == [life.order.id] && sellers.savedSearches.isEmpty && sellers.listings.map(\.id) == [life.deal.listing.id])
            #expect(try await app.send(.GET, "/api/v1/me/export").status == .unauthorized)
        }
    }

    @Test("a few archives per account in a quarter hour, then 429 in words: each one reads every table")
    func throttled() async throws {
        try await withTestApp { app in
            let student = try await app.register()
            for _ in 0..<AccountExporter.exportsPerWindow {
                #expect(try await app.send(.GET, "/api/v1/me/export", token: student.token).status == .ok)
            }
            let refused = try await app.send(.GET, "/api/v1/me/export", token: student.token)
            #expect(refused.status == .tooManyRequests && refused.headers.first(name: .retryAfter) != nil)
            #expect(try refused.error.message.contains("data downloads"))
            #expect(try await app.send(.GET, "/api/v1/me/export", token: app.register().token).status == .ok)  // another account
        }
    }

    @Test("the profile page offers the download; it is a file named for the day, signed in only")
    func webDownload() async throws {
        try await withTestApp { app in
            let student = try await app.register(name: "Ada Student")
            let cookie = TrustPagesTests.cookie(student)
            #expect(try await app.visit("/profile", cookies: cookie).text.contains(#"href="/profile/data""#))
            let file = try await app.send(.GET, "/profile/data", headers: ["Cookie": cookie])
            #expect(file.status == .ok)
            #expect(file.headers.first(name: .contentDisposition)?.hasPrefix("attachment; filename=\"campusmarket-data-") == true)
            #expect(try file.decode(AccountExport.self).profile.name == "Ada Student")
            #expect(try await app.send(.GET, "/profile/data").status == .seeOther)  // to sign in
        }
    }

    @Test("deleting an account erases what was only its own; orders, messages, reviews and reports the other side needs stay")
    func erasure() async throws {
        try await withTestApp { app in
            let life = try await Self.life(app)
            let buyerID = life.deal.buyer.user.id
            let photoFile = try #require(try await ListingPhotoRecord.query(on: app.db).filter(\.$listing.$id == life.ownListing.id).first()?.fileName)
            #expect(try await app.deleteAccount(token: life.deal.buyer.token).status == .noContent)

            for (table, column) in AccountErasure.ownRows {
                let left = try await app.db.sql.raw("SELECT COUNT(*) AS n FROM \(ident: table) WHERE \(ident: column) = \(bind: buyerID)")
                    .first()?.decode(column: "n", as: Int.self)
                #expect(left == 0, "\(table) still holds the deleted account's rows")
            }
            #expect(try await app.db.sql.raw("SELECT COUNT(*) AS n FROM saved_search_terms").first()?.decode(column: "n", as: Int.self) == 0)
            // The listing nobody traded for is gone, and its photo from storage.
            #expect(try await ListingRecord.find(life.ownListing.id, on: app.db) == nil)
            #expect(try await app.domainServices().photoStore.storage.list().allSatisfy { $0.name != photoFile })
            // What the other side needs stays, under "Deleted user".
            let order = try await app.send(.GET, "/api/v1/orders/\(life.order.id)", token: life.deal.seller.token).decode(MarketCore.Order.self)
            #expect(order.buyer.name == AccountRules.deletedUserName)
            let reviews = try await app.send(.GET, "/api/v1/users/\(life.deal.seller.user.id)/reviews").decode(MarketCore.Page<Review>.self)
            #expect(reviews.items.map(\.text) == ["Smooth pickup"])
            let conversation = try #require(try await app.conversations(token: life.stranger.token).items.first { $0.otherUser.id == buyerID })
            #expect(try await app.messages(in: conversation.id, token: life.stranger.token).items.count == 2)
            #expect(try await ReportRecord.query(on: app.db).filter(\.$reporterID == buyerID).count() == 1)
        }
    }
}
