import SQLKit
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Featured listings")
struct FeaturedListingTests {
    @Test("a featured listing comes first among matching results, and never appears for a query it does not match")
    func rankingRule() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let featured = try await app.createListing(.sample("Oak desk", description: "Solid"), token: seller.token)
            try await app.createListing(.sample("Pine desk", description: "Light"), token: seller.token)
            try await app.createListing(.sample("Desk chair", description: "Ergonomic"), token: seller.token)
            try await app.createListing(.sample("Bike", description: "Blue"), token: seller.token)
            #expect(try await app.send(.POST, "/api/v1/listings/\(featured.id)/feature", token: seller.token).status == .created)

            #expect(try await app.titles("q=desk").first == "Oak desk")
            #expect(try await app.titles("").first == "Oak desk")
            #expect(try await app.titles("q=bike") == ["Bike"])
            #expect(try await app.titles("q=desk&category=electronics").isEmpty)
            #expect(try await app.titles("q=chair") == ["Desk chair"])
            let item = try await app.searchListings("q=desk").items.first
            #expect(item?.isFeatured == true)
        }
    }

    @Test("a featured description-only match still comes before unfeatured title matches, but only when it matches")
    func featuredAmongMatchesOnly() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let lamp = try await app.createListing(.sample("Lamp", description: "Great for a desk"), token: seller.token)
            try await app.createListing(.sample("Standing desk", description: "Tall"), token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(lamp.id)/feature", token: seller.token)

            #expect(try await app.titles("q=desk") == ["Lamp", "Standing desk"])
            #expect(try await app.titles("q=tall") == ["Standing desk"])
        }
    }

    @Test("editing a featured listing keeps the featured search in step with its new words")
    func featuredIndexFollowsEdits() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Kettle"), token: seller.token)
            try await app.createListing(.sample("Teapot"), token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: seller.token)

            try await app.send(.PUT, "/api/v1/listings/\(listing.id)", json: ListingInput.sample("Teapot deluxe"), token: seller.token)

            #expect(try await app.titles("q=kettle").isEmpty)
            let teapots = try await app.searchListings("q=teapot").items
            #expect(teapots.map(\.title) == ["Teapot deluxe", "Teapot"])
            #expect(teapots.first?.isFeatured == true)
        }
    }

    @Test("buying a feature records the fee; only the owner can buy one; twice at once is 409")
    func buying() async throws {
        try await withTestApp { app in
            let owner = try await app.register()
            let other = try await app.register()
            let listing = try await app.createListing(token: owner.token)

            let byOther = try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: other.token)
            let bought = try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: owner.token)
            let again = try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: owner.token)

            #expect(byOther.status == .forbidden)
            #expect(bought.status == .created)
            let receipt = try bought.decode(FeatureReceipt.self)
            #expect(receipt.feeCents == 500)
            #expect(receipt.currency == "USD")
            #expect(again.status == .conflict)
            let fees = try await FeeRecord.query(on: app.db).all()
            #expect(fees.map(\.amountCents) == [500])
        }
    }

    @Test("a feature expires by itself after its duration (7 days by default)")
    func expiry() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let seller = try await app.register()
            let featured = try await app.createListing(.sample("Old lamp"), token: seller.token)
            try await app.createListing(.sample("New lamp"), token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(featured.id)/feature", token: seller.token)
            #expect(try await app.titles("q=lamp") == ["Old lamp", "New lamp"])

            clock.advance(by: 7 * 86_400 + 1)

            #expect(try await app.titles("q=lamp") == ["New lamp", "Old lamp"])
            let read = try await app.send(.GET, "/api/v1/listings/\(featured.id)").decode(MarketCore.Listing.self)
            #expect(read.isFeatured == false)
            #expect(try await app.send(.POST, "/api/v1/listings/\(featured.id)/feature", token: seller.token).status == .created)
        }
    }

    @Test("the server's own job takes an ended feature off the listing and out of the featured index, without a re-feature")
    func expirySweep() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { $0.featureSweepInterval = 0.05 }) { app in
            let seller = try await app.register()
            let lamp = try await app.createListing(.sample("Old lamp"), token: seller.token)
            let desk = try await app.createListing(.sample("Desk"), token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(lamp.id)/feature", token: seller.token)
            clock.advance(by: 3 * 86_400)
            try await app.send(.POST, "/api/v1/listings/\(desk.id)/feature", token: seller.token)
            #expect(try await Self.featuredRows(app) == 2)

            clock.advance(by: 4 * 86_400 + 1)  // the lamp's 7 days are over, the desk's are not
            var left = try await Self.featuredRows(app)
            for _ in 0..<100 where left != 1 {
                try await Task.sleep(for: .milliseconds(50))
                left = try await Self.featuredRows(app)
            }

            #expect(left == 1)
            let lampRow = try #require(try await ListingRecord.find(lamp.id, on: app.db))
            #expect(lampRow.featuredUntil == nil)
            #expect(try await ListingRecord.find(desk.id, on: app.db)?.featuredUntil != nil)
            #expect(try await app.titles("q=lamp") == ["Old lamp"])
        }
    }

    @Test("a one-shot command (migrate, seed, backup) runs no periodic job; serving does")
    func noJobsOutsideServe() async throws {
        #expect(BackgroundJobs.runs(under: ["campusmarket"]) && BackgroundJobs.runs(under: ["campusmarket", "serve", "--port", "8080"]))
        #expect(BackgroundJobs.runs(under: ["CampusMarketPackageTests.xctest", "--testing-library", "swift-testing"]))
        let clock = TestClock()
        let database = TestDatabase.make()
        defer { database.removeFiles() }
        var settings = database.settings
        settings.featureSweepInterval = 0.05
        try await withApp(settings: settings, clock: clock, migrate: true,
                          environment: Environment(name: "testing", arguments: ["campusmarket", "migrate"])) { app in
            let seller = try await app.register()
            let lamp = try await app.createListing(.sample("Old lamp"), token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(lamp.id)/feature", token: seller.token)
            clock.advance(by: 8 * 86_400)  // over: the job would take it off at its next round
            try await Task.sleep(for: .milliseconds(400))
            #expect(try await ListingRecord.find(lamp.id, on: app.db)?.featuredUntil != nil)
        }
    }

    /// Listings of this test in the featured index: SQLite's `featured_fts` (read through MATCH:
    /// a plain scan of an external-content table reads the listings table), or those with a
    /// feature date on PostgreSQL.
    static func featuredRows(_ app: Application) async throws -> Int {
        struct Count: Decodable { var n: Int }
        let query: SQLQueryString = TestDatabase.isPostgres
            ? "SELECT COUNT(*) AS n FROM listings WHERE featured_until IS NOT NULL"
            : "SELECT COUNT(*) AS n FROM featured_fts WHERE featured_fts MATCH 'lamp OR desk'"
        return try await app.db.sql.raw(query).first(decoding: Count.self)?.n ?? -1
    }

    @Test("cancelling on the day of purchase refunds the fee and unfeatures the listing")
    func cancelSameDay() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: seller.token)
            clock.advance(by: 3_600)

            let response = try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/feature", token: seller.token)

            #expect(response.status == .ok)
            #expect(try response.decode(FeatureRefund.self).refundCents == 500)
            #expect(try await FeeRecord.query(on: app.db).all().map(\.amountCents).sorted() == [-500, 500])
            #expect(try await app.searchListings("").items.first?.isFeatured == false)
            #expect(try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/feature", token: seller.token).status == .conflict)
        }
    }

    @Test("after the day of purchase a feature can no longer be cancelled")
    func cancelTooLate() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let seller = try await app.register()
            let listing = try await app.createListing(token: seller.token)
            try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: seller.token)
            clock.advance(by: 86_400)

            let response = try await app.send(.DELETE, "/api/v1/listings/\(listing.id)/feature", token: seller.token)

            #expect(response.status == .conflict)
            #expect(try response.error.code == "too_late_to_cancel")
            #expect(try await FeeRecord.query(on: app.db).count() == 1)
        }
    }
}
