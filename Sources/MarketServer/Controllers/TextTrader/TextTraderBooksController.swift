import MarketCore
import Vapor

/// `/texttrader/books`: Text Trader's books are listings in the textbooks category, so they are
/// in the feed and the main API, and the main API sees the app's. Reading needs only the API
/// key; writing needs the login token as `Authorization: Bearer`, and only the seller writes.
struct TextTraderBooksController: RouteCollection {
    func boot(routes: any RoutesBuilder) throws {
        let books = routes.grouped("books")
        books.get(use: list)
        books.post(use: create)
        books.get(":bookID", use: show)
        books.put(":bookID", use: replace)
        books.delete(":bookID", use: remove)
    }

    /// Newest first; `q` is the main search's text, `limit` and `cursor` page as everywhere.
    func list(req: Request) async throws -> TextTrader.BookPage {
        var reader = QueryReader(req)
        let query = ListingQuery(text: reader.string("q"), categories: [.textbooks], sort: .newest, page: PageRequest(limit: reader.limit()))
        for (field, problem) in query.problems() { reader.errors.note(field, problem) }
        let criteria = SearchCriteria(query, cursor: reader.token("cursor", as: ListingCursor.self))
        try reader.check()
        // Signed in, the books of sellers the reader blocked are left out, as in the feed.
        let result = try await req.domain.searchPage(criteria, viewer: req.auth.get(Session.self)?.user)
        return TextTrader.BookPage(books: result.listings.map(TextTrader.Book.init), nextCursor: result.next?.token)
    }

    func show(req: Request) async throws -> TextTrader.Book {
        TextTrader.Book(try await book(req.uuidParameter("bookID"), req: req, viewer: req.auth.get(Session.self)?.user).listing)
    }

    func create(req: Request) async throws -> Response {
        let session = try req.requireSession()
        let input = try req.jsonBody(TextTrader.BookInput.self)
        let draft = try APIError.draft(input.validated(defaultCurrency: req.application.settings.defaultCurrency))
        let record = try await req.domain.listings.create(draft, by: session.user)
        let listing = try await req.domain.listingPresenter.presentDetail(record, viewerSignedIn: true)
        return try await TextTrader.Book(listing).encodeResponse(status: .created, for: req)
    }

    /// Replaces what the book body says; the listing keeps what it cannot say (a rent price,
    /// other categories, the currency).
    func replace(req: Request) async throws -> TextTrader.Book {
        let session = try req.requireSession()
        let id = try req.uuidParameter("bookID")
        let input = try req.jsonBody(TextTrader.BookInput.self)
        let current = try await book(id, req: req, viewer: session.user)
        let services = req.domain
        let record = try await services.listings.editable(current.record.requireID(), by: session.user)
        let draft = try APIError.draft(input.validated(defaultCurrency: req.application.settings.defaultCurrency, keeping: current.listing))
        let updated = try await services.listings.replace(record, with: draft)
        return TextTrader.Book(try await services.listingPresenter.presentDetail(updated, viewerSignedIn: true))
    }

    /// Deleted, or archived when an order or offer refers to it; the message says which.
    func remove(req: Request) async throws -> TextTrader.ErrorBody {
        let session = try req.requireSession()
        let current = try await book(req.uuidParameter("bookID"), req: req, viewer: session.user)
        switch try await req.domain.listings.remove(current.record.requireID(), by: session.user) {
        case .deleted: return TextTrader.ErrorBody(message: "The book was deleted.")
        case .archived: return TextTrader.ErrorBody(message: "The book was archived, not deleted, because orders or offers refer to it. It no longer appears in the list.")
        }
    }

    /// The listing with this id when it is a book (in the textbooks category); 404 otherwise.
    private func book(_ id: UUID, req: Request, viewer: UserRecord?) async throws -> (record: ListingRecord, listing: MarketCore.Listing) {
        let services = req.domain
        let record: ListingRecord
        do {
            record = try await services.listings.visible(id, to: viewer)
        } catch let error as APIError where error.code == APIError.listingNotFound.code {
            throw APIError.bookNotFound
        }
        let listing = try await services.listingPresenter.presentDetail(record, viewerSignedIn: viewer != nil, viewerID: viewer?.id)
        guard listing.categories.contains(.textbooks) else { throw APIError.bookNotFound }
        return (record, listing)
    }
}
