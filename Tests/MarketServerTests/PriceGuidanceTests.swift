import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// What a book in a condition sold for on campus over the last 12 months: from three sales on,
/// rounded, and never one sale's own price.
@Suite("Price guidance")
struct PriceGuidanceTests {
    static let isbn = "9780262046305"

    /// Sells a copy in `condition` for `cents`, from order to completion.
    static func sell(_ app: Application, cents: Int, condition: String = "good") async throws {
        let deal = try await app.deal(.sample("Intro to Algorithms", categories: ["textbooks"], condition: condition, salePriceCents: cents,
                                              textbook: TextbookDetails(isbn: isbn, courseCode: "EECS 281")))
        let order = try await app.placeOrder(deal)
        try await app.act(.accept, on: order.id, token: deal.seller.token)
        try await app.act(.ready, on: order.id, token: deal.seller.token)
        #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .ok)
    }

    static func guidance(_ app: Application, condition: String = "good") async throws -> PriceGuidance {
        try await app.send(.GET, "/api/v1/price-guidance?isbn=\(isbn)&condition=\(condition)").decode(PriceGuidance.self)
    }

    @Test("nothing below three sales; from three, the 10th–90th percentile range and the median in whole dollars, this condition, this year")
    func figures() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            try await Self.sell(app, cents: 1_000)  // 13 months before the others: too old to count
            clock.advance(by: 395 * 86_400)
            try await Self.sell(app, cents: 4_000)
            try await Self.sell(app, cents: 2_500, condition: "fair")  // another condition
            try await Self.sell(app, cents: 4_500)
            var two = try await Self.guidance(app)
            #expect(two.sales == 2 && two.medianCents == nil && two.lowCents == nil && two.sentence == nil)

            try await Self.sell(app, cents: 5_500)
            two = try await Self.guidance(app)
            #expect(two.sales == 3)
            #expect(two.lowCents == 4_100 && two.medianCents == 4_500 && two.highCents == 5_300)
            #expect(two.sentence == "Sold on campus for $41–$53, median $45, 3 sales")
            #expect(try await Self.guidance(app, condition: "fair").sales == 1)

            // Shown on a listing of the book, and beside the price in the editor.
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Algorithms, 4th", categories: ["textbooks"], salePriceCents: 4_800,
                                                              textbook: TextbookDetails(isbn: Self.isbn)), token: seller.token)
            #expect(try await app.visit("/listings/\(listing.id.wireString)").text.contains("Sold on campus for $41–$53, median $45, 3 sales"))
            let cookie = WebSessionCookie.name + "=" + seller.token
            let opened = try await app.visit("/listings/\(listing.id.wireString)/edit", cookies: cookie)
            let form = "csrf=\(opened.csrf)&step=summary&go=to%3Aprices&title=Algorithms&categories%5B%5D=textbooks&condition=good&isbn=\(Self.isbn)&salePrice=48"
            let editor = try await app.postForm("/listings/\(listing.id.wireString)/edit", form, cookies: opened.cookies)
            #expect(editor.text.contains("Sold on campus for $41–$53, median $45, 3 sales, in this condition"), "\(editor.status) \(editor.text.suffix(1500))")

            let bad = try await app.send(.GET, "/api/v1/price-guidance?isbn=123&condition=good")
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.error.fields?["isbn"] != nil)
            let missing = try await app.send(.GET, "/api/v1/price-guidance?isbn=\(Self.isbn)")
            #expect(missing.status == .unprocessableEntity)
            #expect(try missing.error.fields?["condition"] != nil)
        }
    }
}
