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
    var openToTrade: String?
    var upload: [File]?

    typealias Step = ListingEditorStep

    var isTextbook: Bool { (categories ?? []).contains(ListingCategory.textbooks.rawValue) }

    var steps: [Step] { Step.steps(isTextbook: isTextbook) }

    /// API field names → this form's names.
    static let webNames = [
        "salePriceCents": "salePrice", "rentPriceCents": "rentPrice", "textbook.author": "author",
        "textbook.edition": "edition", "textbook.isbn": "isbn", "textbook.courseCode": "courseCode",
    ]

    private static func blankIsNil(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// The API's listing body, or the problems of the amounts typed (which must be numbers first).
    func input(defaultCurrency: String) -> (ListingInput, FieldErrors) {
        var errors = FieldErrors()
        func cents(_ name: String, _ text: String?) -> Int? {
            guard let typed = Self.blankIsNil(text) else { return nil }
            guard let value = MoneyText.parse(typed) else { errors.note(name, "must be an amount such as 12.50"); return nil }
            return value
        }
        let sale = cents("salePrice", salePrice)
        let rent = cents("rentPrice", rentPrice)
        let book = TextbookDetails(author: Self.blankIsNil(author), edition: Self.blankIsNil(edition),
                                   isbn: Self.blankIsNil(isbn), courseCode: Self.blankIsNil(courseCode))
        let hasBook = book.author != nil || book.edition != nil || book.isbn != nil || book.courseCode != nil
        let input = ListingInput(
            title: title ?? "", description: description ?? "", categories: categories ?? [],
            condition: Self.blankIsNil(condition), salePriceCents: sale, rentPriceCents: rent,
            rentUnit: rent == nil ? nil : Self.blankIsNil(rentUnit), openToTrade: openToTrade == "on",
            currency: defaultCurrency, textbook: hasBook && isTextbook ? book : nil)
        return (input, errors)
    }

    /// Every problem with the listing as typed, under web field names.
    func problems(defaultCurrency: String) -> FieldErrors {
        var (input, errors) = input(defaultCurrency: defaultCurrency)
        if case .failure(let list) = input.validated(defaultCurrency: defaultCurrency) {
            for (field, problem) in list.fields.renamed(Self.webNames) {
                let name = field.hasPrefix("categories") ? "categories" : field
                // An amount that did not parse is already reported in its own words.
                if name == "offers", errors["salePrice"] != nil || errors["rentPrice"] != nil { continue }
                errors.note(name, problem)
            }
        }
        if (photos ?? []).count > PhotoStore.maxPerListing {
            errors.note("photos", "at most \(PhotoStore.maxPerListing) photos")
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
        openToTrade = listing.openToTrade ? "on" : nil
    }

    init() {}
}

extension ListingEditorStep {
    /// The form fields (web names) this step asks for.
    var webFields: [String] {
        switch self {
        case .textbook: ["author", "edition", "isbn", "courseCode", "textbook"]
        case .photos: ["photos", "photo"]
        case .prices: ["salePrice", "rentPrice", "rentUnit", "openToTrade", "offers", "currency"]
        default: fields
        }
    }
}
