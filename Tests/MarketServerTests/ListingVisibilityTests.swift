import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// One rule (`ListingVisibility`) for every front end: an archived listing is its seller's
/// alone. Before it was one rule, the API returned an archived listing to anyone and listed
/// archived listings to anyone who asked for `status=archived`.
@Suite("Who may see a listing")
struct ListingVisibilityTests {
    /// A seller with one archived textbook listing, and a stranger.
    private func archivedBook(_ app: Application) async throws -> (seller: AuthResponse, stranger: AuthResponse, id: UUID) {
        let seller = try await app.register(name: "Sam Seller")
        let stranger = try await app.register(name: "Sid Stranger")
        let listing = try await app.createListing(.sample("Linear algebra", categories: ["textbooks"]), token: seller.token)
        try await ListingRecord.query(on: app.db).filter(\.$id == listing.id)
            .set(\.$status, to: ListingStatus.archived.rawValue).update()
        return (seller, stranger, listing.id)
    }

    @Test("the API answers 404 to anyone but the seller")
    func api() async throws {
        try await withTestApp { app in
            let (seller, stranger, id) = try await archivedBook(app)
            #expect(try await app.send(.GET, "/api/v1/listings/\(id)").status == .notFound)
            let forStranger = try await app.send(.GET, "/api/v1/listings/\(id)", token: stranger.token)
            #expect(forStranger.status == .notFound)
            #expect(try forStranger.error.code == "listing_not_found")
            let forSeller = try await app.send(.GET, "/api/v1/listings/\(id)", token: seller.token)
            #expect(forSeller.status == .ok)
            #expect(try forSeller.decode(MarketCore.Listing.self).status == .archived)
        }
    }

    @Test("search lists archived listings only to their seller, among their own")
    func search() async throws {
        try await withTestApp { app in
            let (seller, stranger, id) = try await archivedBook(app)
            let anonymous = try await app.send(.GET, "/api/v1/listings?status=archived")
            #expect(anonymous.status == .unprocessableEntity)
            #expect(try anonymous.error.fields?["status"] != nil)
            let strangerAsking = try await app.send(.GET, "/api/v1/listings?status=archived&seller=\(seller.user.id)", token: stranger.token)
            #expect(strangerAsking.status == .unprocessableEntity)
            let own = try await app.send(.GET, "/api/v1/listings?status=archived&seller=\(seller.user.id)", token: seller.token)
            #expect(try own.decode(ListingPage.self).items.map(\.id) == [id])
        }
    }

    @Test("the web page and Text Trader answer 404 to anyone but the seller")
    func webAndTextTrader() async throws {
        try await withTestApp { app in
            let (seller, stranger, id) = try await archivedBook(app)
            #expect(try await app.send(.GET, "/listings/\(id)").status == .notFound)
            let key = try await TextTraderContractTests.issueKey(app)
            let forStranger = try await app.send(.GET, "/texttrader/books/\(id)", headers: TextTraderContractTests.headers(key, token: stranger.token))
            #expect(forStranger.status == .notFound)
            let forSeller = try await app.send(.GET, "/texttrader/books/\(id)", headers: TextTraderContractTests.headers(key, token: seller.token))
            #expect(forSeller.status == .ok)
        }
    }

    @Test("Text Trader's book list leaves out the sellers the reader blocked, as the feed does")
    func textTraderHonoursBlocks() async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam Seller")
            let reader = try await app.register(name: "Rae Reader")
            _ = try await app.createListing(.sample("Organic chemistry", categories: ["textbooks"]), token: seller.token)
            let key = try await TextTraderContractTests.issueKey(app)
            func titles() async throws -> [String] {
                let page = try await app.send(.GET, "/texttrader/books", headers: TextTraderContractTests.headers(key, token: reader.token))
                return try page.decode(TextTrader.BookPage.self).books.map(\.title)
            }
            #expect(try await titles() == ["Organic chemistry"])
            let blocked = try await app.send(.POST, "/api/v1/users/\(seller.user.id)/block", token: reader.token)
            #expect(blocked.status.code < 300, "\(blocked.text)")
            #expect(try await titles().isEmpty)
        }
    }
}
