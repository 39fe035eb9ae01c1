import Foundation

extension TextTrader {
    /// A textbook listing as Text Trader shows it. The same listing is in the feed and the main
    /// API; fields the main API left empty (a textbook listed without an author) are null.
    public struct Book: Codable, Sendable, Equatable, Identifiable {
        public var id: UUID
        public var title: String
        public var author: String?
        public var edition: String?
        public var isbn: String?
        public var courseCode: String?
        public var description: String
        public var priceCents: Int?
        public var currency: String
        public var condition: ListingCondition
        public var openToTrade: Bool
        public var status: ListingStatus
        public var seller: SellerSummary
        public var createdAt: Date
        public var updatedAt: Date

        public init(_ listing: Listing) {
            id = listing.id
            title = listing.title
            author = listing.textbook?.author
            edition = listing.textbook?.edition
            isbn = listing.textbook?.isbn
            courseCode = listing.textbook?.courseCode
            description = listing.description
            priceCents = listing.salePriceCents
            currency = listing.currency
            condition = listing.condition
            openToTrade = listing.openToTrade
            status = listing.status
            seller = listing.seller
            createdAt = listing.createdAt
            updatedAt = listing.updatedAt
        }
    }

    /// `GET /texttrader/books`: newest first; `nextCursor` fetches the next page.
    public struct BookPage: Codable, Sendable, Equatable {
        public var books: [Book]
        public var nextCursor: String?

        public init(books: [Book], nextCursor: String?) {
            self.books = books
            self.nextCursor = nextCursor
        }
    }

    /// Body of `POST /texttrader/books` and `PUT /texttrader/books/{id}`.
    public struct BookInput: Codable, Sendable, Equatable {
        public var title: String?
        public var author: String?
        public var edition: String?
        public var isbn: String?
        public var priceCents: Int?
        public var condition: String?
        public var courseCode: String?
        public var openToTrade: Bool?
        public var description: String?

        public init(title: String?, author: String?, edition: String?, isbn: String?, priceCents: Int?, condition: String?,
                    courseCode: String? = nil, openToTrade: Bool? = nil, description: String? = nil) {
            self.title = title
            self.author = author
            self.edition = edition
            self.isbn = isbn
            self.priceCents = priceCents
            self.condition = condition
            self.courseCode = courseCode
            self.openToTrade = openToTrade
            self.description = description
        }

        /// The listing this book is, checked by the listing rules, with the problems named as
        /// this body names its fields. Editing keeps what the book body cannot say (other
        /// categories, a rent price and deposit, the currency) from `existing`.
        public func validated(defaultCurrency: String, keeping existing: Listing? = nil) -> Result<ListingDraft, FieldErrorList> {
            var categories = existing?.categories.map(\.rawValue) ?? []
            if !categories.contains(ListingCategory.textbooks.rawValue) { categories.insert(ListingCategory.textbooks.rawValue, at: 0) }
            let input = ListingInput(
                title: title, description: description ?? existing?.description, categories: categories, condition: condition,
                salePriceCents: priceCents, rentPriceCents: existing?.rentPriceCents, rentUnit: existing?.rentUnit?.rawValue,
                openToTrade: openToTrade ?? existing?.openToTrade, currency: existing?.currency,
                textbook: TextbookDetails(author: author, edition: edition, isbn: isbn, courseCode: courseCode),
                depositCents: existing?.depositCents)
            let result = input.validated(defaultCurrency: defaultCurrency)
            var fields = result.fieldErrors.renamed(Self.fieldNames)
            for (field, value) in [("author", author), ("edition", edition), ("isbn", isbn)]
            where value?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ?? true {
                fields.note(field, "is required")
            }
            if priceCents == nil { fields.note("priceCents", "is required") }
            return fields.isEmpty ? result : .failure(FieldErrorList(fields))
        }

        /// The listing rules' field names as this body calls them.
        static let fieldNames = [
            "textbook.author": "author", "textbook.edition": "edition", "textbook.isbn": "isbn",
            "textbook.courseCode": "courseCode", "salePriceCents": "priceCents", "offers": "priceCents",
        ]
    }
}
