import Fluent
import Foundation
import MarketCore

/// A thing offered for sale, rent and/or trade. Columns mirror `ListingDraft`; categories are a
/// bit mask, textbook fields are flat columns so they can be indexed and searched.
final class ListingRecord: Model, @unchecked Sendable {
    static let schema = "listings"

    @ID(key: .id) var id: UUID?
    /// Physical key, assigned by the database; orders "newest" and keys the search index.
    @OptionalField(key: "seq") var seq: Int64?
    @Parent(key: "seller_id") var seller: UserRecord
    @Field(key: "title") var title: String
    @Field(key: "description") var description: String
    @Field(key: "category_mask") var categoryMask: Int64
    @Field(key: "condition") var condition: String
    @OptionalField(key: "sale_price_cents") var salePriceCents: Int64?
    @OptionalField(key: "rent_price_cents") var rentPriceCents: Int64?
    @OptionalField(key: "rent_unit") var rentUnit: String?
    @Field(key: "open_to_trade") var openToTrade: Bool
    /// The sale price, else the rent price: what price sorts and filters use.
    @OptionalField(key: "sort_price_cents") var sortPriceCents: Int64?
    @Field(key: "currency") var currency: String
    @OptionalField(key: "author") var author: String?
    @OptionalField(key: "edition") var edition: String?
    /// ISBN-13 digits.
    @OptionalField(key: "isbn") var isbn: String?
    @OptionalField(key: "course_code") var courseCode: String?
    @OptionalField(key: "campus") var campus: String?
    @Field(key: "status") var status: String
    /// Set while a paid feature runs (denormalized from `listing_features` for ranking).
    @OptionalField(key: "featured_until") var featuredUntil: Date?
    @Field(key: "created_at") var createdAt: Date
    @Field(key: "updated_at") var updatedAt: Date
    /// Rentals: held from hand-over until the owner confirms the return.
    @OptionalField(key: "deposit_cents") var depositCents: Int64?
    /// Shown only to verified students of its campus: its seller's `shownOutsideCampus`, negated,
    /// kept on each listing so that a search filters on the listing alone.
    @Field(key: "campus_only") var campusOnly: Bool
    /// Raised by every edit of its fields (`ListingService.replace`); an edit naming an older one
    /// in `If-Match` is refused (`UpdateListingAddVersion`).
    @Field(key: "version") var version: Int64
    /// `ListingLanguage`'s code: the language its words are searched in (`UpdateSearchIndexAddSpanish`).
    @Field(key: "language") var language: String
    /// A Spanish listing's title and author, and its description, as the search's Spanish stems
    /// (`SpanishTerms`), which the full-text index reads beside the words; nil for other languages.
    @OptionalField(key: "title_stems") var titleStems: String?
    @OptionalField(key: "description_stems") var descriptionStems: String?

    init() {}

    init(id: UUID = UUID(), sellerID: UUID, campus: String?, campusOnly: Bool, draft: ListingDraft, now: Date) {
        self.id = id
        self.$seller.id = sellerID
        self.campus = campus
        self.campusOnly = campusOnly
        self.status = ListingStatus.active.rawValue
        self.createdAt = now
        self.version = 1
        apply(draft, now: now)
    }

    func apply(_ draft: ListingDraft, now: Date) {
        title = draft.title
        description = draft.description
        categoryMask = ListingCategory.mask(draft.categories)
        condition = draft.condition.rawValue
        salePriceCents = draft.salePriceCents.map(Int64.init)
        rentPriceCents = draft.rentPriceCents.map(Int64.init)
        rentUnit = draft.rentUnit?.rawValue
        openToTrade = draft.openToTrade
        sortPriceCents = salePriceCents ?? rentPriceCents
        currency = draft.currency
        author = draft.textbook?.author
        edition = draft.textbook?.edition
        isbn = draft.textbook?.isbn
        courseCode = draft.textbook?.courseCode
        depositCents = draft.depositCents.map(Int64.init)
        updatedAt = now
        // `ListingService` tells a language not chosen from the words and the campus first.
        let language = draft.language ?? .english
        self.language = language.rawValue
        titleStems = language == .spanish ? SpanishTerms.stems(of: [title, author ?? ""]) : nil
        descriptionStems = language == .spanish ? SpanishTerms.stems(of: [description]) : nil
    }

    var listingStatus: ListingStatus { get throws { try StoredValue.decode(status, column: "listings.status") } }
}
