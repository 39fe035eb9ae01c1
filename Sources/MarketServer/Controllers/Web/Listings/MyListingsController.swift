import Foundation
import MarketCore
import Vapor

/// `/my/listings` (mine by status) and `/users/{id}` (a seller's public page and listings).
struct MyListingsController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("my", "listings", use: mine)
        routes.get("users", ":userID", use: seller)
    }

    struct MineContent: Encodable {
        var tabs: [OrderPagesController.Tab]
        var listings: String  // the cards' HTML
        var empty: Phrase
        var moreHref: String?
    }

    func mine(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let status: ListingStatus = reader.choice("status") ?? .active
        let services = req.domain
        let result = try await services.searchPage(
            SearchCriteria(sellerID: session.userID, status: status, limit: 48, cursor: reader.token("cursor", as: ListingCursor.self)), viewer: session.user)
        let now = services.now, campuses = services.settings.campuses, time = req.localTime, words = req.localizer
        let cards = result.listings.map { ListingCard($0, now: now, campuses: campuses, time: time, words: words) }
        let content = MineContent(
            tabs: ListingStatus.allCases.map { .init(label: $0.label, href: "/my/listings?status=\($0.rawValue)", current: $0 == status) },
            listings: ListingCard.html(of: cards), empty: status == .active ? "You have nothing for offer. Sell something!" : "None here.",
            moreHref: result.next.map { "/my/listings?status=\(status.rawValue)&cursor=\($0.token)" })
        return try await req.renderPage("my-listings", title: "My listings", content)
    }

    struct SellerContent: Encodable {
        struct ReviewLine: Encodable { var stars: String; var starsLabel: Phrase; var text: String?; var author: String; var item: String; var month: String; var reply: String? }
        var id: String
        var name: String
        var campus: Phrase?
        var verified: Bool
        var rating: Phrase
        var reviews: [ReviewLine]
        var hasReviews: Bool
        var canReport: Bool
        var memberSince: String?
        var contact: Phrase?
        var signedIn: Bool
        var listings: String  // the cards' HTML
        var moreHref: String?
    }

    func seller(req: Request) async throws -> Response {
        let id = try req.uuidParameter("userID")
        let signedIn = req.auth.has(Session.self)
        let services = req.domain
        let viewer = req.auth.get(Session.self)?.user
        guard let profile = try await services.sellerProfiles.visibleProfile(of: id, viewer: viewer) else {
            throw APIError.userNotFound
        }
        var reader = QueryReader(req)
        let result = try await services.searchPage(SearchCriteria(sellerID: id, limit: 24, cursor: reader.token("cursor", as: ListingCursor.self)), viewer: viewer)
        let cards = try await req.listingCards(result.listings)
        let reviews = try await services.reviews.page(of: id, limit: 5, after: nil, viewerID: req.auth.get(Session.self)?.userID).items.map {
            SellerContent.ReviewLine(stars: String(repeating: "★", count: $0.rating) + String(repeating: "☆", count: 5 - $0.rating),
                                     starsLabel: "\($0.rating) out of 5 stars",
                                     text: $0.text, author: $0.authorName, item: $0.listingTitle,
                                     month: req.localTime.month($0.createdAt), reply: $0.reply)
        }
        let viewerID = req.auth.get(Session.self)?.userID
        let content = SellerContent(
            id: id.wireString, name: profile.name, campus: profile.campus?.label, verified: profile.campus?.verified ?? false,
            rating: (profile.rating ?? .unrated).label, reviews: reviews, hasReviews: !reviews.isEmpty,
            canReport: viewerID != nil && viewerID != id, memberSince: profile.memberSince.map(req.localTime.day),
            contact: profile.contact?.label, signedIn: signedIn,
            listings: req.listingCardsHTML(cards), moreHref: result.next.map { "/users/\(id.wireString)?cursor=\($0.token)" })
        return try await req.renderPage("seller", title: .verbatim(profile.name), content)
    }
}
