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

    /// Every documented route that takes a listing's id, walked as a signed-in stranger with a
    /// listing that is hidden, removed, archived and deleted: each answers 404, as if it had never
    /// been (a 403 or a 409 would tell that it exists, and a booked period is no stranger's business).
    @Test("every route with a listing id answers a stranger 404 for a hidden, removed, archived or deleted listing", arguments: ["hidden", "removed", "archived", "deleted"])
    func everyRouteHidesIt(state: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register(name: "Sam Seller")
            let stranger = try await app.register(name: "Sid Stranger")
            var input = ListingInput.sample("Camera", rentPriceCents: 500, rentUnit: "day")
            input.openToTrade = true
            let listing = try await app.createListing(input, token: seller.token)
            let id = listing.id
            if state == "deleted" {
                #expect(try await app.send(.DELETE, "/api/v1/listings/\(id)", token: seller.token).status.code < 300)
            } else {
                try await ListingRecord.query(on: app.db).filter(\.$id == id).set(\.$status, to: state).update()
            }
            let start = Date().addingTimeInterval(2 * 86_400)
            let mine = try await app.createListing(.sample("Stranger's own lamp"), token: stranger.token)
            let bodies: [String: any Encodable] = [
                "put /api/v1/listings/{listingID}": ListingInput.sample("Camera"),
                "post /api/v1/listings/{listingID}/purchase": PurchaseRequest(fulfillment: "pickup"),
                "post /api/v1/listings/{listingID}/rentals": RentalRequest(start: start, end: start.addingTimeInterval(86_400)),
                "post /api/v1/listings/{listingID}/trade-offers": TradeOfferRequest(offeredListingIds: [mine.id], cashTopUpCents: 500),
                "put /api/v1/listings/{listingID}/photos/order": PhotoOrder(photoIds: []),
            ]
            let operations = try OpenAPIDocument.repository().operations.filter { $0.contains("{listingID}") }.sorted()
            #expect(operations.count >= 10, "\(operations)")
            // Removing a favorite answers 204 for any id whatever (it is idempotent), so it tells nothing.
            let unsave = "delete /api/v1/me/favorites/{listingID}"
            #expect(try await app.send(.DELETE, "/api/v1/me/favorites/\(UUID())", token: stranger.token).status == .noContent)
            for operation in operations where operation != unsave && (!operation.hasPrefix("post /api/v1/listings/{listingID}/photos") || operation.contains("{photoID}")) {
                let parts = operation.split(separator: " ", maxSplits: 1)
                let path = String(parts[1]).replacingOccurrences(of: "{listingID}", with: id.uuidString)
                    .replacingOccurrences(of: "{photoID}", with: UUID().uuidString)
                let answer = try await app.send(HTTPMethod(rawValue: parts[0].uppercased()), path, json: bodies[operation] ?? EmptyBody(),
                                                token: stranger.token)
                #expect(answer.status == .notFound, "\(state): \(operation) answered \(answer.status): \(answer.text.prefix(200))")
            }
        }
    }

    private struct EmptyBody: Encodable {}

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
