import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Saved listings: `PUT`/`DELETE /api/v1/me/favorites/{id}`, the list, the seller's count, and
/// what the people who saved a listing are told.
@Suite("Favorites")
struct FavoriteTests {
    static func save(_ app: Application, _ listingID: UUID, token: String) async throws -> TestResponse {
        try await app.send(.PUT, "/api/v1/me/favorites/\(listingID)", token: token)
    }

    static func favorites(_ app: Application, token: String) async throws -> FavoritePage {
        try await app.send(.GET, "/api/v1/me/favorites", token: token).decode(FavoritePage.self)
    }

    @Test("save, save again, list, unsave; one's own listing is refused, an unknown one is 404")
    func saveAndUnsave() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let first = try await Self.save(app, deal.listing.id, token: deal.buyer.token)
            #expect(first.status == .ok)
            let saved = try first.decode(Favorite.self)
            #expect(saved.availability == .available && saved.listing?.title == "Desk lamp" && saved.title == "Desk lamp")
            let again = try await Self.save(app, deal.listing.id, token: deal.buyer.token)  // again: still one, saved when it was
            #expect(again.status == .ok)
            #expect(try again.decode(Favorite.self).savedAt == saved.savedAt)
            let page = try await Self.favorites(app, token: deal.buyer.token)
            #expect(page.items.map(\.listingId) == [deal.listing.id])
            #expect(page.items.first?.listing?.title == "Desk lamp")

            let own = try await Self.save(app, deal.listing.id, token: deal.seller.token)
            #expect(own.status == .forbidden)
            #expect(try own.error.code == "own_listing")
            #expect(try await Self.save(app, UUID(), token: deal.buyer.token).status == .notFound)
            #expect(try await app.send(.PUT, "/api/v1/me/favorites/\(deal.listing.id)").status == .unauthorized)

            #expect(try await app.send(.DELETE, "/api/v1/me/favorites/\(deal.listing.id)", token: deal.buyer.token).status == .noContent)
            #expect(try await Self.favorites(app, token: deal.buyer.token).items.isEmpty)
            #expect(try await app.send(.DELETE, "/api/v1/me/favorites/\(deal.listing.id)", token: deal.buyer.token).status == .noContent)
        }
    }

    @Test("saved at the same moment many times, a listing is saved once")
    func racingSaves() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            try await withThrowingTaskGroup(of: HTTPStatus.self) { group in
                for _ in 0..<8 { group.addTask { try await Self.save(app, deal.listing.id, token: deal.buyer.token).status } }
                for try await status in group { #expect(status == .ok) }
            }
            #expect(try await Self.favorites(app, token: deal.buyer.token).items.count == 1)
        }
    }

    @Test("the seller sees how many saved the listing, never who; a saver sees that they did")
    func counts() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let other = try await app.register()
            _ = try await Self.save(app, deal.listing.id, token: deal.buyer.token)
            _ = try await Self.save(app, deal.listing.id, token: other.token)
            let bySeller = try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)", token: deal.seller.token)
            #expect(try bySeller.decode(MarketCore.Listing.self).savedCount == 2)
            #expect(!bySeller.text.contains(deal.buyer.user.name) && !bySeller.text.contains(deal.buyer.user.id.uuidString))
            let byBuyer = try await app.listing(deal.listing.id, token: deal.buyer.token)
            #expect(byBuyer.isSaved == true && byBuyer.savedCount == nil)
            let stranger = try await app.register()
            #expect(try await app.listing(deal.listing.id, token: stranger.token).isSaved == false)
            #expect(try await app.listing(deal.listing.id).isSaved == nil)
        }
    }

    @Test("listings that leave the market stay in the list, said so: reserved, sold, archived, deleted")
    func leftTheMarket() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let saver = try await app.register()
            let doomed = try await app.createListing(.sample("Old chair"), token: deal.seller.token)
            for id in [deal.listing.id, doomed.id] { _ = try await Self.save(app, id, token: saver.token) }

            let order = try await app.placeOrder(deal)
            var items = try await Self.favorites(app, token: saver.token).items
            #expect(items.first { $0.listingId == deal.listing.id }?.availability == .reserved)

            try await app.act(.accept, on: order.id, token: deal.seller.token)
            try await app.act(.ready, on: order.id, token: deal.seller.token)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .ok)
            #expect(try await app.send(.DELETE, "/api/v1/listings/\(doomed.id)", token: deal.seller.token).decode(ListingRemoval.self).result == "deleted")

            items = try await Self.favorites(app, token: saver.token).items
            let sold = try #require(items.first { $0.title == "Desk lamp" })
            #expect(sold.availability == .sold && sold.listing == nil)
            let deleted = try #require(items.first { $0.title == "Old chair" })
            #expect(deleted.availability == .gone && deleted.listingId == nil)
        }
    }

    @Test("a lower price tells those who saved it (not the seller); a higher one does not")
    func priceDrop() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            _ = try await Self.save(app, deal.listing.id, token: deal.buyer.token)
            let cheaper = try await app.send(.PUT, "/api/v1/listings/\(deal.listing.id)", json: ListingInput.sample(salePriceCents: 1_200), token: deal.seller.token)
            #expect(cheaper.status == .ok)
            var told = try await app.notifications(token: deal.buyer.token).items.filter { $0.kind == .favoritePriceDropped }
            #expect(told.count == 1)
            #expect(told.first?.message == "“Desk lamp”, which you saved, is now $12.00 (was $15.00).")
            #expect(told.first?.listingId == deal.listing.id)
            #expect(try await app.notifications(token: deal.seller.token).items.allSatisfy { $0.kind != .favoritePriceDropped })

            _ = try await app.send(.PUT, "/api/v1/listings/\(deal.listing.id)", json: ListingInput.sample(salePriceCents: 1_800), token: deal.seller.token)
            told = try await app.notifications(token: deal.buyer.token).items.filter { $0.kind == .favoritePriceDropped }
            #expect(told.count == 1)
        }
    }

    @Test("an order placed tells the others who saved the listing, not the buyer")
    func beingSold() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let saver = try await app.register()
            for token in [deal.buyer.token, saver.token] { _ = try await Self.save(app, deal.listing.id, token: token) }
            _ = try await app.placeOrder(deal)
            let told = try await app.notifications(token: saver.token).items.filter { $0.kind == .favoriteBeingSold }
            #expect(told.count == 1 && told.first?.listingId == deal.listing.id)
            #expect(try await app.notifications(token: deal.buyer.token).items.allSatisfy { $0.kind != .favoriteBeingSold })
        }
    }
}

/// The heart in the web app: forms that work without script, and the Saved page.
@Suite("Favorites on the web")
struct FavoritePageTests {
    static func cookie(_ account: AuthResponse) -> String { WebSessionCookie.name + "=" + account.token }

    @Test("a heart on the feed's cards and the listing page saves and unsaves, back to where it was; /saved lists it; the seller sees a count")
    func hearts() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let saver = Self.cookie(deal.buyer)
            let feed = try await app.visit("/?q=lamp", cookies: saver)
            #expect(feed.text.contains(#"action="/listings/\#(deal.listing.id.wireString)/save""#))
            #expect(feed.text.contains(#"aria-label="Save “Desk lamp”""#))
            #expect(try await !app.visit("/?q=lamp").text.contains("heart-form"))  // signed out: no heart
            #expect(try await !app.visit("/?q=lamp", cookies: Self.cookie(deal.seller)).text.contains("heart-form"))  // one's own: none

            let saved = try await app.postForm("/listings/\(deal.listing.id.wireString)/save",
                                               fields: ["csrf": feed.csrf, "back": "/?q=lamp"], cookies: feed.cookies)
            #expect(saved.status == .seeOther && saved.headers.first(name: .location) == "/?q=lamp")
            let after = try await app.visit("/?q=lamp", cookies: saver)
            #expect(after.text.contains(#"aria-label="Saved: remove “Desk lamp”""#) && after.text.contains(#"aria-pressed="true""#))
            let list = try await app.visit("/saved", cookies: saver)
            #expect(list.text.contains("Desk lamp") && list.text.contains("Saved listings"))
            let page = try await app.visit("/listings/\(deal.listing.id.wireString)", cookies: saver)
            #expect(page.text.contains("♥ Saved"))
            let owner = try await app.visit("/listings/\(deal.listing.id.wireString)", cookies: Self.cookie(deal.seller))
            #expect(owner.text.contains("Saved by 1 person") && !owner.text.contains(deal.buyer.user.name))

            // Another site's address as `back` is not followed.
            let away = try await app.postForm("/listings/\(deal.listing.id.wireString)/unsave",
                                              fields: ["csrf": page.csrf, "back": "//evil.example/x"], cookies: page.cookies)
            #expect(away.status == .seeOther && away.headers.first(name: .location) == "/listings/\(deal.listing.id.wireString)")
            #expect(try await app.visit("/saved", cookies: saver).text.contains("Nothing saved yet"))
            let forged = try await app.postForm("/listings/\(deal.listing.id.wireString)/save", fields: ["csrf": "nope"], cookies: saver)
            #expect(forged.status == .forbidden)
        }
    }
}
