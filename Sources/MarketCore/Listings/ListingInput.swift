import Foundation

/// Body of `POST /api/v1/listings` and `PUT /api/v1/listings/{id}` (a full replacement).
/// Enum-valued fields arrive as strings so an unknown value is a 422 naming the field rather
/// than an unreadable body.
public struct ListingInput: Codable, Sendable, Equatable {
    public var title: String?
    public var description: String?
    public var categories: [String]?
    public var condition: String?
    public var salePriceCents: Int?
    public var rentPriceCents: Int?
    public var rentUnit: String?
    public var openToTrade: Bool?
    public var currency: String?
    public var textbook: TextbookDetails?
    /// Rentals: held when the item is handed over, released when its owner confirms the return.
    public var depositCents: Int?
    /// The language it is written in (`ListingLanguage`: `en`, `es`); absent, told from the text.
    public var language: String?

    public init(title: String?, description: String? = nil, categories: [String]?, condition: String?,
                salePriceCents: Int? = nil, rentPriceCents: Int? = nil, rentUnit: String? = nil,
                openToTrade: Bool? = nil, currency: String? = nil, textbook: TextbookDetails? = nil, depositCents: Int? = nil,
                language: String? = nil) {
        self.depositCents = depositCents
        self.language = language
        self.title = title
        self.description = description
        self.categories = categories
        self.condition = condition
        self.salePriceCents = salePriceCents
        self.rentPriceCents = rentPriceCents
        self.rentUnit = rentUnit
        self.openToTrade = openToTrade
        self.currency = currency
        self.textbook = textbook
    }

    public static let titleLength = 3...100
    public static let descriptionMaxLength = 5_000
    public static let textbookFieldMaxLength = 200

    /// The checked, normalized listing, or every field's problem.
    public func validated(defaultCurrency: String) -> Result<ListingDraft, FieldErrorList> {
        var errors = FieldErrors()
        let title = (self.title ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if !Self.titleLength.contains(title.count) {
            errors.note("title", "must be \(Self.titleLength.lowerBound)–\(Self.titleLength.upperBound) characters")
        }
        let description = (self.description ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if description.count > Self.descriptionMaxLength {
            errors.note("description", "must be at most \(Self.descriptionMaxLength) characters")
        }

        var categories: [ListingCategory] = []
        if let raw = self.categories, !raw.isEmpty {
            for (index, slug) in raw.enumerated() {
                if let category = ListingCategory(rawValue: slug) {
                    if !categories.contains(category) { categories.append(category) }
                } else {
                    errors.note("categories.\(index)", "must be one of \(ListingCategory.allCases.map(\.rawValue).joined(separator: ", "))")
                }
            }
        } else {
            errors.note("categories", "must name at least one category")
        }

        let condition = self.condition.flatMap(ListingCondition.init(rawValue:))
        if condition == nil {
            errors.note("condition", "must be one of \(ListingCondition.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        if let cents = salePriceCents, let problem = Money.priceProblem(cents) { errors.note("salePriceCents", problem) }
        var rentUnit: RentUnit?
        if let cents = rentPriceCents {
            if let problem = Money.priceProblem(cents) { errors.note("rentPriceCents", problem) }
            rentUnit = self.rentUnit.flatMap(RentUnit.init(rawValue:))
            if rentUnit == nil { errors.note("rentUnit", "must be hour or day when a rent price is given") }
        } else if self.rentUnit != nil {
            errors.note("rentPriceCents", "is required with rentUnit")
        }
        if let cents = depositCents {
            if rentPriceCents == nil { errors.note("depositCents", "is only for listings for rent") }
            else if let problem = Money.priceProblem(cents) { errors.note("depositCents", problem) }
        }
        let openToTrade = self.openToTrade ?? false
        if salePriceCents == nil, rentPriceCents == nil, !openToTrade {
            errors.note("offers", "give a sale price, a rent price, or openToTrade: at least one is required")
        }

        let currency = (self.currency ?? defaultCurrency).uppercased()
        if !Money.isCurrencyCode(currency) { errors.note("currency", "must be an ISO 4217 code such as USD or EUR") }

        let language = ListingLanguage(code: self.language)
        if self.language != nil, language == nil {
            errors.note("language", "must be one of \(ListingLanguage.allCases.map(\.rawValue).joined(separator: ", "))")
        }

        var textbook: TextbookDetails?
        if let given = self.textbook {
            if !categories.contains(.textbooks) {
                errors.note("textbook", "is only for listings in the textbooks category")
            }
            textbook = normalizedTextbook(given, errors: &errors)
        }

        guard errors.isEmpty, let condition else { return .failure(FieldErrorList(errors)) }
        return .success(ListingDraft(
            title: title, description: description, categories: categories, condition: condition,
            salePriceCents: salePriceCents, rentPriceCents: rentPriceCents, rentUnit: rentUnit,
            openToTrade: openToTrade, currency: currency, textbook: textbook, depositCents: depositCents, language: language))
    }

    private func normalizedTextbook(_ given: TextbookDetails, errors: inout FieldErrors) -> TextbookDetails {
        func text(_ value: String?, _ field: String) -> String? {
            guard let trimmed = value?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
            if trimmed.count > Self.textbookFieldMaxLength {
                errors.note("textbook.\(field)", "must be at most \(Self.textbookFieldMaxLength) characters")
            }
            return trimmed
        }
        var result = TextbookDetails(author: text(given.author, "author"), edition: text(given.edition, "edition"))
        if let isbn = text(given.isbn, "isbn") {
            result.isbn = ISBN.normalize(isbn)
            if result.isbn == nil { errors.note("textbook.isbn", "must be a valid ISBN-10 or ISBN-13") }
        }
        if let course = text(given.courseCode, "courseCode") {
            result.courseCode = CourseCode.normalize(course)
            if result.courseCode == nil { errors.note("textbook.courseCode", "must look like MATH 124 or CS 106B") }
        }
        return result
    }
}

/// `FieldErrors` as an `Error`, for `Result`.
public struct FieldErrorList: Error, Sendable, Equatable {
    public let fields: FieldErrors
    public init(_ fields: FieldErrors) { self.fields = fields }
}
