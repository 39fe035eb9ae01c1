import Foundation
import MarketCore
import Vapor

/// The front page: the feed and search, for anyone. Reads the same `SearchCriteria` the API does,
/// with prices typed in currency units, and draws the filters as links and a plain GET form.
struct FeedController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.grouped(ConditionalGet()).get(use: feed)
    }

    struct Chip: Encodable {
        var label: Phrase
        var href: String
        var selected: Bool
    }

    struct Content: Encodable {
        var q: String
        var heading: Phrase
        var chips: [Chip]
        var filters: [FormField]
        var category: String
        var view: String
        var listHref: String
        var gridHref: String
        var listings: String  // the cards' HTML
        var summary: Phrase
        var moreHref: String?
        var suggestion: Phrase?
        var clearHref: String?
        var errors: [String]
        /// Signed in, with words or filters: the saved search's fields, as hidden inputs.
        var saveSearch: [Hidden]?
    }

    struct Hidden: Encodable { var name: String; var value: String }

    func feed(req: Request) async throws -> Response {
        let params = FeedParameters(request: req)
        let services = req.domain
        let result = try await services.searchPage(params.criteria, viewer: req.auth.get(Session.self)?.user)
        let cards = try await req.listingCards(result.listings)

        var summary: Phrase
        if cards.isEmpty {
            summary = params.hasCriteria ? "No listings match." : "Nothing is listed yet. Be the first: sell something!"
        } else if result.next == nil && params.criteria.cursor == nil {
            summary = params.text.isEmpty ? "\(cards.count) listings" : "\(cards.count) listings for “\(params.text)”"
        } else {
            summary = params.text.isEmpty ? "Showing \(cards.count) listings" : "Showing \(cards.count) listings for “\(params.text)”"
        }
        if cards.isEmpty, !params.text.isEmpty {
            summary = params.hasCriteria ? "No listings match “\(params.text)”." : summary
        }

        var suggestion: Phrase?
        if cards.isEmpty, params.hasCriteria {
            suggestion = params.hasFilters
                ? "Try removing a filter, or search all categories."
                : "Check the spelling, or try a shorter or more general word."
        }
        let content = Content(
            q: params.text, heading: params.heading, chips: params.chips(), filters: params.filterFields(),
            category: params.categorySlugs, view: params.view,
            listHref: params.href(view: "list"), gridHref: params.href(view: "grid"),
            listings: req.listingCardsHTML(cards, grid: params.view == "grid"), summary: summary,
            moreHref: result.next.map { params.href(cursor: $0.token) },
            suggestion: suggestion, clearHref: params.hasFilters ? params.href(clearingFilters: true) : nil,
            errors: params.problems,
            saveSearch: Self.saveSearchFields(params, signedIn: req.auth.get(Session.self) != nil))
        return try await req.renderPage("feed", title: params.text.isEmpty ? "Campus marketplace" : "“\(params.text)”", content)
    }

    /// The hidden fields of "Save this search": nothing to save without words or a filter.
    static func saveSearchFields(_ params: FeedParameters, signedIn: Bool) -> [Hidden]? {
        let query = params.query.asSavedSearch
        guard signedIn, query.problemsAsSavedSearch().isEmpty else { return nil }
        return query.queryItems.map { Hidden(name: $0.name, value: $0.value ?? "") }
    }
}
