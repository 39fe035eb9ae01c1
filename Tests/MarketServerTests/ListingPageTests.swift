import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// The listing page as a phone shows it: its primary action, the photo counter, the compact
/// header. Where each part lands on the screen is measured in Chromium (tests/browser).
@Suite("Listing page")
struct ListingPageTests {
    static func cookie(_ account: AuthResponse) -> String { WebSessionCookie.name + "=" + account.token }

    @Test("the primary action is what this visitor can do first: buy, else rent, else trade; the owner edits; nothing when it is gone")
    func primaryAction() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let path = "/listings/\(deal.listing.id.wireString)"
            func action(_ path: String, _ account: AuthResponse?) async throws -> String? {
                let page = try await app.visit(path, cookies: account.map(Self.cookie) ?? "")
                return page.text.firstMatch(of: /<p class="action-bar"><a class="button wide" href="([^"]*)">([^<]*)<\/a>/).map { "\($0.2) → \($0.1)" }
            }
            #expect(try await action(path, deal.buyer) == "Buy for $15.00 → #buy-heading")
            #expect(try await action(path, nil) == "Buy for $15.00 → #buy-heading", "signed out, the form says to sign in")
            #expect(try await action(path, deal.seller) == "Edit listing → \(path)/edit")

            let tent = try await app.createListing(.sample("Tent", salePriceCents: nil, rentPriceCents: 500, rentUnit: "day"), token: deal.seller.token)
            #expect(try await action("/listings/\(tent.id.wireString)", deal.buyer) == "Rent for $5.00 / day → #rent-heading")
            let book = try await app.createListing(.sample("Book", salePriceCents: nil, openToTrade: true), token: deal.seller.token)
            #expect(try await action("/listings/\(book.id.wireString)", deal.buyer) == "Offer a trade → #trade-heading")

            _ = try await app.purchase(deal.listing.id, token: deal.buyer.token)
            #expect(try await action(path, deal.buyer) == nil, "reserved: nothing to do")
        }
    }

    @Test("photos carry their place in the gallery; one photo needs no counter")
    func photoCounter() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let path = "/listings/\(deal.listing.id.wireString)"
            _ = try await app.uploadPhoto(SeedPicture.png(of: .furniture, seed: 1), named: "desk.png", declaredType: "image/png", to: deal.listing.id, token: deal.seller.token)
            #expect(!(try await app.visit(path).text.contains("photo-count")))
            _ = try await app.uploadPhoto(SeedPicture.png(of: .furniture, seed: 2), named: "desk2.png", declaredType: "image/png", to: deal.listing.id, token: deal.seller.token)
            let page = try await app.visit(path).text
            #expect(page.contains(#"<figcaption class="photo-count">1 / 2</figcaption>"#) && page.contains(#"<figcaption class="photo-count">2 / 2</figcaption>"#))
            #expect(page.contains(#"aria-label="Photos: swipe or scroll sideways for more""#))
            // The first photo is the page's largest paint on a phone: fetched first, the rest when near view.
            let images = page.matches(of: /<figure class="slide"><img [^>]*>/).map { String($0.0) }
            #expect(images.count == 2 && images[0].contains(#"fetchpriority="high""#) && !images[0].contains("loading="))
            #expect(images[1].contains(#"loading="lazy""#) && !images[1].contains("fetchpriority"))
        }
    }

    @Test("signed in, the header is brand, Sell and a menu that opens without script; its button counts what is unread")
    func compactHeader() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            _ = try await app.purchase(deal.listing.id, token: deal.buyer.token)  // the seller is notified
            let page = try await app.visit("/", cookies: Self.cookie(deal.seller)).text
            #expect(page.contains(#"<details class="menu">"#))
            #expect(page.contains(#"<summary>Menu <span class="badge" aria-label="1 unread">1</span></summary>"#))
            #expect(page.contains(#"<a href="/orders">Orders</a>"#))
            let anonymous = try await app.visit("/").text
            #expect(!anonymous.contains("<details class=\"menu\">") && anonymous.contains(#"<a href="/signin">Sign in</a>"#))
        }
    }
}
