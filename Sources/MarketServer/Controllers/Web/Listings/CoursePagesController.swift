import Foundation
import MarketCore
import Vapor

/// `/courses/{code}`: a course's books, learned from its listings, and what is on the market for it.
struct CoursePagesController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        routes.get("courses", ":code", use: course)
    }

    struct Content: Encodable {
        struct Book: Encodable { var title: String; var isbn: String; var available: String; var lowest: String?; var lastSold: String?; var searchHref: String }
        var code: String
        var books: [Book]
        var listings: String  // the cards' HTML
    }

    func course(req: Request) async throws -> Response {
        let typed = req.parameters.get("code").flatMap { $0.removingPercentEncoding ?? $0 } ?? ""
        let course = try await req.domain.courses.course(typed, viewer: req.auth.get(Session.self)?.user)
        let slug = Course.slug(course.code)
        if typed != slug { return req.redirect(to: "/courses/" + slug, redirectType: .permanent) }  // one address per course
        let time = req.localTime
        let books = course.books.map { book in
            Content.Book(title: book.title, isbn: book.isbn,
                         available: book.availableCount == 0 ? "none on the market" : book.availableCount == 1 ? "1 on the market" : "\(book.availableCount) on the market",
                         lowest: book.lowestPriceCents.map { "from " + MoneyText.format($0, currency: book.currency) },
                         lastSold: book.lastSoldPriceCents.map { "last sold for \(MoneyText.format($0, currency: book.currency))" + (book.lastSoldAt.map { ", " + time.day($0) } ?? "") },
                         searchHref: "/?q=" + book.isbn)
        }
        let cards = try await req.listingCards(course.listings)
        return try await req.renderPage("course", title: .verbatim(course.code),
                                        Content(code: course.code, books: books, listings: req.listingCardsHTML(cards)))
    }
}
