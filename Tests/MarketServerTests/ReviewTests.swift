import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Reviews after a completed order: once per side, within 30 days, one reply; ratings on every
/// profile and seller card.
@Suite("Reviews")
struct ReviewTests {
    /// A completed pickup purchase between a seller and a buyer.
    static func completedOrder(_ app: Application) async throws -> (Deal, MarketCore.Order) {
        let deal = try await app.deal(.sample("Calculus textbook"))
        let order = try await app.placeOrder(deal)
        #expect(try await app.act(.accept, on: order.id, token: deal.seller.token).status == .ok)
        #expect(try await app.act(.ready, on: order.id, token: deal.seller.token).status == .ok)
        let code = try #require(order.confirmationCode)
        let done = try await app.act(.complete, on: order.id, token: deal.seller.token, code: code)
        #expect(done.status == .ok, "\(done.text)")
        return (deal, order)
    }

    @Test("each side reviews the other once after completion; before 409, twice 409, a stranger 404, bad input 422")
    func rules() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let early = try await app.deal()
            let pending = try await app.placeOrder(early)
            #expect(try await app.send(.POST, "/api/v1/orders/\(pending.id)/review", json: ReviewRequest(rating: 5), token: early.buyer.token).status == .conflict)

            let (deal, order) = try await Self.completedOrder(app)
            let path = "/api/v1/orders/\(order.id)/review"
            let stranger = try await app.register(name: "Stan")
            #expect(try await app.send(.POST, path, json: ReviewRequest(rating: 5), token: stranger.token).status == .notFound)
            let bad = try await app.send(.POST, path, json: ReviewRequest(rating: 6, text: String(repeating: "x", count: 1_001)), token: deal.buyer.token)
            #expect(bad.status == .unprocessableEntity)
            #expect(try Set(bad.error.fields?.keys.map { $0 } ?? []) == ["rating", "text"])

            let review = try await app.send(.POST, path, json: ReviewRequest(rating: 4, text: "Book as described, quick pickup."), token: deal.buyer.token)
            #expect(review.status == .created, "\(review.text)")
            let posted = try review.decode(Review.self)
            #expect(posted.subjectId == deal.seller.user.id && posted.listingTitle == "Calculus textbook" && posted.authorRole == "buyer")
            #expect(try await app.send(.POST, path, json: ReviewRequest(rating: 1), token: deal.buyer.token).status == .conflict)
            #expect(try await app.send(.POST, path, json: ReviewRequest(rating: 5), token: deal.seller.token).status == .created)

            let card = try await app.send(.GET, "/api/v1/users/\(deal.seller.user.id)").decode(SellerSummary.self)
            #expect(card.rating == RatingSummary(average: 4, count: 1))
            let onListing = try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)", token: deal.buyer.token).decode(MarketCore.Listing.self)
            #expect(onListing.seller.rating?.count == 1)
            let page = try await app.send(.GET, "/api/v1/users/\(deal.seller.user.id)/reviews").decode(MarketCore.Page<Review>.self)
            #expect(page.items.map(\.text) == ["Book as described, quick pickup."])
            // The book is sold: a stranger reads the review without what was bought; the parties see the title.
            #expect(page.items.map(\.listingTitle) == ["an item"])
            let forBuyer = try await app.send(.GET, "/api/v1/users/\(deal.seller.user.id)/reviews", token: deal.buyer.token).decode(MarketCore.Page<Review>.self)
            #expect(forBuyer.items.map(\.listingTitle) == ["Calculus textbook"])
            #expect(try await app.notifications(token: deal.seller.token).items.contains { $0.kind == .reviewReceived })

            // The reviewed person replies once; nobody else can.
            let replyPath = "/api/v1/reviews/\(posted.id)/reply"
            #expect(try await app.send(.POST, replyPath, json: ReviewReplyRequest(text: "Thanks!"), token: deal.buyer.token).status == .notFound)
            let reply = try await app.send(.POST, replyPath, json: ReviewReplyRequest(text: "Thanks, good luck with the course!"), token: deal.seller.token)
            #expect(try reply.decode(Review.self).reply == "Thanks, good luck with the course!")
            #expect(try await app.send(.POST, replyPath, json: ReviewReplyRequest(text: "Again"), token: deal.seller.token).status == .conflict)
        }
    }

    @Test("reviews close 30 days after completion")
    func window() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let (deal, order) = try await Self.completedOrder(app)
            clock.advance(by: 31 * 86_400)
            let signedIn = try await app.login(LoginRequest(email: deal.buyer.user.email, password: "correct horse battery")).decode(AuthResponse.self)
            let late = try await app.send(.POST, "/api/v1/orders/\(order.id)/review", json: ReviewRequest(rating: 5), token: signedIn.token)
            #expect(late.status == .conflict)
            #expect(try late.error.code == "review_window_closed")
        }
    }
}
