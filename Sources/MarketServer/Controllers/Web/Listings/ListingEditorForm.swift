import Foundation
import MarketCore
import Vapor

/// The listing editor's form as the browser posts it. Every step posts every field — the
/// steps not on screen as hidden inputs — so nothing typed is lost going forward or back, and
/// the server keeps no draft.
struct ListingEditorForm: Content {
    var step: String?
    var go: String?
    var title: String?
    var categories: [String]?
    var description: String?
    var condition: String?
    var author: String?
    var edition: String?
    var isbn: String?
    var courseCode: String?
    var photos: [String]?
    var salePrice: String?
    var rentPrice: String?
    var rentUnit: String?
    var deposit: String?
    var openToTrade: String?
    /// `ListingLanguage`'s code; empty: told from the words.
    var language: String?
    var upload: [File]?

    typealias Step = ListingEditorStep

    var isTextbook: Bool { (categories ?? []).contains(ListingCategory.textbooks.rawValue) }

    var steps: [Step] { Step.steps(isTextbook: isTextbook) }

    /// API field names → this form's names.
    static let webNames = [
        "salePriceCents": "salePrice", "rentPriceCents": "rentPrice", "depositCents": "deposit", "textbook.author": "author",
        "textbook.edition": "edition", "textbook.isbn": "isbn", "textbook.courseCode": "courseCode",
    ]

    /// The API's listing body, or the problems of the amounts typed (which must be numbers first),
    /// under web field names.
    func input(defaultCurrency: String) -> (ListingInput, FieldErrors) {
        let (input, errors) = typed(defaultCurrency: defaultCurrency)
        return (input, errors.renamed(Self.webNames))
    }

    private func typed(defaultCurrency: String) -> (ListingInput, FieldErrors) {
        ListingInput.typed(
            title: title, description: description, categories: categories ?? [], condition: condition,
            author: author, edition: edition, isbn: isbn, courseCode: courseCode,
            salePrice: salePrice, rentPrice: rentPrice, rentUnit: rentUnit, openToTrade: openToTrade == "on",
            currency: defaultCurrency, deposit: deposit, language: language)
    }

    /// Every problem with the listing as typed (`ListingInput.editorProblems`, the one editor
    /// rule), under web field names: a category's problem under the one categories field.
    func problems(defaultCurrency: String) -> FieldErrors {
        let (input, typing) = typed(defaultCurrency: defaultCurrency)
        var errors = FieldErrors()
        let problems = input.editorProblems(typing: typing, photoCount: (photos ?? []).count, defaultCurrency: defaultCurrency)
        for (field, problem) in problems.renamed(Self.webNames) {
            errors.note(field.hasPrefix("categories") ? "categories" : field, problem)
        }
        return errors
    }

    /// The form filled from a listing, for editing it.
    init(_ listing: MarketCore.Listing, photoFileNames: [String]) {
        title = listing.title
        categories = listing.categories.map(\.rawValue)
        description = listing.description
        condition = listing.condition.rawValue
        author = listing.textbook?.author
        edition = listing.textbook?.edition
        isbn = listing.textbook?.isbn
        courseCode = listing.textbook?.courseCode
        photos = photoFileNames
        salePrice = listing.salePriceCents.map(MoneyText.plain)
        rentPrice = listing.rentPriceCents.map(MoneyText.plain)
        rentUnit = listing.rentUnit?.rawValue
        deposit = listing.depositCents.map(MoneyText.plain)
        openToTrade = listing.openToTrade ? "on" : nil
        language = listing.language
    }

    init() {}
}

extension ListingEditorStep {
    /// The form fields (web names) this step asks for.
    var webFields: [String] {
        switch self {
        case .textbook: ["author", "edition", "isbn", "courseCode", "textbook"]
        case .photos: ["photos", "photo"]
        case .prices: ["salePrice", "rentPrice", "rentUnit", "deposit", "openToTrade", "offers", "currency"]
        default: fields
        }
    }
}

extension ListingEditorForm {
    /// The sentence of price guidance for the book the form describes, when there is one.
    func priceGuidance(_ req: Request) async throws -> Phrase? {
        guard let isbn = isbn.flatMap(ISBN.normalize), let condition = condition.flatMap(ListingCondition.init(rawValue:)) else { return nil }
        return try await req.domain.priceGuidance.guidance(isbn: isbn, condition: condition, viewer: req.auth.get(Session.self)?.user).sentence
    }
}
