import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// HTTP caching of the feed, search and listing pages (`ConditionalGet`): an `ETag` from the
/// content version read before the page, `304 Not Modified` for a matching `If-None-Match`,
/// `Cache-Control` by who asks, and every change a page shows giving it a new tag.
@Suite("HTTP caching")
struct HTTPCachingTests {
    static func tag(_ response: TestResponse) throws -> String {
        try #require(response.headers.first(name: .eTag), "no ETag: \(response.status) \(response.headers)")
    }

    /// GETs `path` with `If-None-Match: tag`.
    static func revalidate(_ app: Application, _ path: String, tag: String, token: String? = nil, cookies: String? = nil) async throws -> TestResponse {
        var headers: HTTPHeaders = ["If-None-Match": tag]
        if let cookies { headers.add(name: "Cookie", value: cookies) }
        return try await app.send(.GET, path, token: token, headers: headers)
    }

    @Test("the feed's JSON: a tag, reused by anyone for a few seconds, 304 when unchanged, a new tag after each change it shows")
    func feedJSON() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let path = "/api/v1/listings?limit=20"
            let first = try await app.send(.GET, path)
            #expect(first.status == .ok)
            let tag = try Self.tag(first)
            #expect(tag.hasPrefix("W/\""))
            #expect(first.headers.first(name: .cacheControl) == "public, max-age=\(ConditionalGet.sharedMaxAge)")
            #expect(first.headers.first(name: .vary) == "Cookie, Authorization, Accept-Encoding")

            let unchanged = try await Self.revalidate(app, path, tag: tag)
            #expect(unchanged.status == .notModified)
            #expect(unchanged.body.readableBytes == 0)
            #expect(unchanged.headers.first(name: .eTag) == tag)
            // Another query is another representation, with a tag of its own.
            #expect(try await Self.revalidate(app, "/api/v1/listings?limit=5", tag: tag).status == .ok)
            // A list of tags, one of them current; and `*`, true of what exists only.
            #expect(try await Self.revalidate(app, path, tag: "\"nope\", \(tag)").status == .notModified)
            #expect(try await Self.revalidate(app, path, tag: "*").status == .notModified)
            #expect(try await Self.revalidate(app, "/api/v1/listings/\(UUID())", tag: "*").status == .notFound)
            #expect(try await Self.revalidate(app, "/api/v1/listings/%C2%9Aq", tag: "*").status.code >= 400)
            #expect(try await Self.revalidate(app, "/listings/\(UUID())", tag: "*").status == .notFound)

            // Each write below changes what the feed shows: the old tag gets the page again.
            var current = tag
            func changed(_ what: Comment) async throws {
                let again = try await Self.revalidate(app, path, tag: current)
                #expect(again.status == .ok, what)
                let next = try Self.tag(again)
                #expect(next != current, what)
                current = next
                #expect(try await Self.revalidate(app, path, tag: current).status == .notModified, what)
            }
            _ = try await app.createListing(.sample("Oak desk"), token: deal.seller.token)
            try await changed("a new listing")
            var input = ListingInput.sample()
            input.salePriceCents = 999
            #expect(try await app.send(.PUT, "/api/v1/listings/\(deal.listing.id)", json: input, token: deal.seller.token).status == .ok)
            try await changed("a price change")
            #expect(try await app.send(.PATCH, "/api/v1/me", json: ["name": "Sam Renamed"], token: deal.seller.token).status == .ok)
            try await changed("the seller's new name")
            _ = try await app.placeOrder(deal)
            try await changed("a purchase (the listing leaves the feed)")
        }
    }

    @Test("a signed-in viewer's JSON is private and revalidated; its tag is theirs, and their saving a listing changes it")
    func signedInJSON() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let path = "/api/v1/listings/\(deal.listing.id)"
            let anonymous = try await app.send(.GET, path)
            let mine = try await app.send(.GET, path, token: deal.buyer.token)
            #expect(mine.headers.first(name: .cacheControl) == "private, no-cache")
            let tag = try Self.tag(mine)
            #expect(tag != (try Self.tag(anonymous)))
            // Someone else's tag is not theirs: the page again, never a 304.
            #expect(try await Self.revalidate(app, path, tag: try Self.tag(anonymous), token: deal.buyer.token).status == .ok)
            #expect(try await Self.revalidate(app, path, tag: tag, token: deal.buyer.token).status == .notModified)
            #expect(try await FavoriteTests.save(app, deal.listing.id, token: deal.buyer.token).status == .ok)
            let saved = try await Self.revalidate(app, path, tag: tag, token: deal.buyer.token)
            #expect(saved.status == .ok)
            #expect(try saved.decode(MarketCore.Listing.self).isSaved == true)
        }
    }

    @Test("a page asked with no tag may carry the version read up to a second before; a tag asked about is compared with one read then, so no change is answered 304")
    func keptVersionTagsOnly() async throws {
        try await withTestApp { app in
            app.contentVersions = KeptValue(lifetime: .seconds(600))
            let deal = try await app.deal()
            let path = "/api/v1/listings?limit=20"
            let first = try Self.tag(try await app.send(.GET, path))
            _ = try await app.createListing(.sample("Oak desk"), token: deal.seller.token)
            // Asked with no tag: the page is read now, its tag from the version kept.
            let unasked = try await app.send(.GET, path)
            #expect(try unasked.decode(ListingPage.self).items.map(\.title).contains("Oak desk"))
            #expect(try Self.tag(unasked) == first, "the version kept tags it")
            // Asked with that tag: the version is read now, and it moved.
            let asked = try await Self.revalidate(app, path, tag: first)
            #expect(asked.status == .ok)
            #expect(try asked.decode(ListingPage.self).items.map(\.title).contains("Oak desk"))
            let current = try Self.tag(asked)
            #expect(current != first)
            #expect(try await Self.revalidate(app, path, tag: current).status == .notModified)
        }
    }

    @Test("a listing's JSON gets a new tag when a photo is added")
    func listingPhotos() async throws {
        try await withTestApp { app in
            let deal = try await app.deal()
            let path = "/api/v1/listings/\(deal.listing.id)"
            let tag = try Self.tag(try await app.send(.GET, path))
            #expect(try await Self.revalidate(app, path, tag: tag).status == .notModified)
            #expect(try await app.uploadPhoto(SampleImages.png, named: "lamp.png", declaredType: "image/png", to: deal.listing.id, token: deal.seller.token).status == .created)
            let after = try await Self.revalidate(app, path, tag: tag)
            #expect(after.status == .ok)
            #expect(try after.decode(MarketCore.Listing.self).photos.count == 1)
        }
    }

    @Test("a featured period's end changes the feed's tag with no write")
    func featureEnds() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock, adjust: { $0.featureSweepInterval = 3_600 }) { app in
            let deal = try await app.deal()
            #expect(try await app.send(.POST, "/api/v1/listings/\(deal.listing.id)/feature", token: deal.seller.token).status == .created)
            let path = "/api/v1/listings"
            let featured = try await app.send(.GET, path)
            #expect(try featured.decode(ListingPage.self).items.first?.isFeatured == true)
            clock.advance(by: 7 * 86_400 + 1)
            let after = try await Self.revalidate(app, path, tag: try Self.tag(featured))
            #expect(after.status == .ok)
            #expect(try after.decode(ListingPage.self).items.first?.isFeatured == false)
        }
    }

    @Test("a page says how long ago each listing was posted: its tag changes with the minute; the JSON's does not")
    func pagesFollowTheMinute() async throws {
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            _ = try await app.deal()
            let page = try await app.send(.GET, "/")
            #expect(page.text.contains("just now"))
            let json = try await app.send(.GET, "/api/v1/listings")
            clock.advance(by: 120)
            let later = try await Self.revalidate(app, "/", tag: try Self.tag(page))
            #expect(later.status == .ok)
            #expect(later.text.contains("2 min ago"))
            #expect(try await Self.revalidate(app, "/api/v1/listings", tag: try Self.tag(json)).status == .notModified)
        }
    }

    @Test("signed-out pages are shared: tagged, public, no cookie and no form token; signed-in pages are neither tagged nor stored")
    func webPages() async throws {
        // A page's tag changes with the minute: on the wall clock a minute could turn between the
        // two requests (it did, under a loaded run), and the revalidation would rightly miss.
        let clock = TestClock()
        try await withTestApp(clock: clock) { app in
            let deal = try await app.deal()
            for path in ["/", "/?q=lamp", "/listings/\(deal.listing.id)"] {
                let page = try await app.send(.GET, path)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers.first(name: .cacheControl) == "public, max-age=\(ConditionalGet.sharedMaxAge)", "\(path)")
                #expect(page.headers[.setCookie].isEmpty, "\(path): \(page.headers[.setCookie])")
                #expect(!page.text.contains("name=\"csrf\""), "\(path)")
                let tag = try Self.tag(page)
                let again = try await Self.revalidate(app, path, tag: tag)
                #expect(again.status == .notModified, "\(path)")
                // The JSON of the same address is another representation.
                #expect(tag != (try Self.tag(try await app.send(.GET, "/api/v1/listings/\(deal.listing.id)"))))

                let cookie = WebSessionCookie.name + "=" + deal.buyer.token
                let signedIn = try await Self.revalidate(app, path, tag: tag, cookies: cookie)
                #expect(signedIn.status == .ok, "\(path)")
                #expect(signedIn.headers.first(name: .eTag) == nil, "\(path)")
                #expect(signedIn.headers.first(name: .cacheControl) == "no-store", "\(path)")
            }
            // A page that carries a notice shows it once: given whole, never from a cache.
            let noticed = try await Self.revalidate(app, "/", tag: "*", cookies: "\(Notice.cookieName)=signed-out")
            #expect(noticed.status == .ok)
            #expect(noticed.headers.first(name: .cacheControl) == "no-store")
            // The sign-in page still sets the signed-out visitor's form cookie.
            #expect(!(try await app.send(.GET, "/signin")).headers[.setCookie].isEmpty)
        }
    }

    @Test("If-None-Match is compared weakly, over a list; * is told apart")
    func matching() {
        #expect(ifNoneMatch("W/\"abc\"", matches: "W/\"abc\""))
        #expect(ifNoneMatch("\"abc\"", matches: "W/\"abc\""))
        #expect(ifNoneMatch("\"x\" , W/\"abc\"", matches: "W/\"abc\""))
        #expect(!ifNoneMatch("*", matches: "W/\"abc\""))
        #expect(ifNoneMatchAny("\"x\", *"))
        #expect(!ifNoneMatchAny("W/\"abc\""))
        #expect(!ifNoneMatch("W/\"abd\"", matches: "W/\"abc\""))
        #expect(!ifNoneMatch("", matches: "W/\"abc\""))
    }
}
