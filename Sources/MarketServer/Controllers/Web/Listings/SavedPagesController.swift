import Foundation
import MarketCore
import Vapor

/// The heart: `POST /listings/{id}/save` and `/unsave` (forms, so it works without script),
/// and `/saved`, the listings the student saved, those that left the market said so.
struct SavedPagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.post("listings", ":listingID", "save", use: save)
        routes.post("listings", ":listingID", "unsave", use: unsave)
        routes.get("saved", use: saved)
        routes.post("saved-searches", use: saveSearch)
        routes.post("saved-searches", ":searchID", "delete", use: deleteSearch)
    }

    /// "Save this search" on the feed: its words and filters, kept; the Saved page lists it.
    func saveSearch(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        // The feed's query, as its hidden fields wrote it (`ListingQuery.queryItems`).
        var fields = QueryParameters(try req.content.decode([String: String].self).filter { !$0.value.isEmpty })
        let query = ListingQuery(reading: &fields)
        try APIError.check(fields.errors)
        _ = try await req.domain.savedSearches.create(SavedSearchInput(query: query), by: session.userID)
        return req.redirect(to: "/saved", redirectType: .normal)
    }

    func deleteSearch(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try await req.domain.savedSearches.delete(try req.uuidParameter("searchID"), by: session.userID)
        return req.redirect(to: "/saved", redirectType: .normal)
    }

    struct Form: Decodable { var back: String? }

    func save(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        _ = try await req.domain.favorites.save(try req.uuidParameter("listingID"), by: session.user)
        return req.redirect(to: try back(req), redirectType: .normal)
    }

    func unsave(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        try await req.domain.favorites.remove(try req.uuidParameter("listingID"), by: session.userID)
        return req.redirect(to: try back(req), redirectType: .normal)
    }

    /// Where the form was: a path of this site only (never another site's address).
    private func back(_ req: Request) throws -> String {
        let fallback = "/listings/" + (try req.uuidParameter("listingID")).wireString
        guard let back = try? req.content.decode(Form.self).back, back.hasPrefix("/"), !back.hasPrefix("//"), !back.contains("\\") else { return fallback }
        return back
    }

    struct Content: Encodable {
        struct Gone: Encodable { var title: String; var state: String; var saved: String; var listingID: String? }
        struct Search: Encodable { var id: String; var name: String; var href: String }
        var searches: [Search]
        var listings: String  // cards of those still on the market
        var gone: [Gone]
        var moreHref: String?
    }

    func saved(req: Request) async throws -> Response {
        let session = try req.requireWebSession()
        var reader = QueryReader(req)
        let cursor = reader.cursor()
        let page = try await req.domain.favorites.page(for: session.user, limit: 48, after: cursor)
        let onMarket = page.items.compactMap(\.listing)
        var cards = try await req.listingCards(onMarket)
        for index in cards.indices { cards[index].saved = true }
        let time = req.localTime
        let gone = page.items.filter { $0.listing == nil }.map {
            Content.Gone(title: $0.title, state: $0.availability == .sold ? "Sold" : "No longer listed",
                         saved: "saved " + time.day($0.savedAt), listingID: $0.listingId?.wireString)
        }
        let searches = try await req.domain.savedSearches.list(for: session.userID).map { search in
            Content.Search(id: search.id.wireString, name: search.name, href: Self.feedHref(search.query))
        }
        let content = Content(searches: searches, listings: req.listingCardsHTML(cards), gone: gone, moreHref: page.nextCursor.map { "/saved?cursor=\($0)" })
        return try await req.renderPage("saved", title: "Saved listings", content)
    }

    /// The feed showing a saved search.
    static func feedHref(_ query: ListingQuery) -> String {
        var components = URLComponents()
        components.path = "/"
        components.queryItems = query.queryItems
        return components.string ?? "/"
    }
}
