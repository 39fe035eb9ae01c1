import Foundation

/// A listing as the API returns it.
public struct Listing: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var title: String
    public var description: String
    public var categories: [ListingCategory]
    public var condition: ListingCondition
    public var salePriceCents: Int?
    public var rentPriceCents: Int?
    public var rentUnit: RentUnit?
    public var openToTrade: Bool
    public var currency: String
    public var textbook: TextbookDetails?
    public var status: ListingStatus
    public var seller: SellerSummary
    public var campus: String?
    /// The IANA time zone of the listing's campus (`America/Detroit`): rent days are counted in it.
    /// Missing from older servers, which counted in UTC.
    public var timeZone: String?
    /// Rentals: the deposit held from hand-over until the owner confirms the return.
    public var depositCents: Int?
    /// True while a paid feature runs; featured listings come first among matching results.
    public var isFeatured: Bool
    public var featuredUntil: Date?
    public var photos: [ListingPhoto]
    public var createdAt: Date
    public var updatedAt: Date
    /// One listing, to its seller: how many people saved it (never who).
    public var savedCount: Int?
    /// One listing, to a signed-in viewer who is not its seller: whether they saved it.
    public var isSaved: Bool?
    /// Raised by every edit of its fields; an edit sends it back (`If-Match`) and is refused
    /// `412 listing_changed` when the listing changed since. Nil from a server before versions.
    public var version: Int?
    /// The language it is written in (`ListingLanguage`: `en`, `es`), as its words are searched.
    /// Nil from a server before languages.
    public var language: String?

    public init(id: UUID, title: String, description: String, categories: [ListingCategory], condition: ListingCondition,
                salePriceCents: Int?, rentPriceCents: Int?, rentUnit: RentUnit?, openToTrade: Bool, currency: String,
                textbook: TextbookDetails?, status: ListingStatus, seller: SellerSummary, campus: String?,
                isFeatured: Bool, featuredUntil: Date?, photos: [ListingPhoto], createdAt: Date, updatedAt: Date,
                timeZone: String? = nil, depositCents: Int? = nil, version: Int? = nil, language: String? = nil) {
        self.version = version
        self.language = language
        self.timeZone = timeZone
        self.depositCents = depositCents
        self.id = id
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
        self.status = status
        self.seller = seller
        self.campus = campus
        self.isFeatured = isFeatured
        self.featuredUntil = featuredUntil
        self.photos = photos
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The zone rent days are counted in (UTC when the server did not say).
    public var rentTimeZone: TimeZone { timeZone.flatMap(TimeZone.init(identifier:)) ?? .gmt }
}

/// Answer to cancelling a feature: the fee comes back in full.
public struct FeatureRefund: Codable, Sendable, Equatable {
    public var listingId: UUID
    public var refundCents: Int
    public var currency: String

    public init(listingId: UUID, refundCents: Int, currency: String) {
        self.listingId = listingId
        self.refundCents = refundCents
        self.currency = currency
    }
}

/// Answer to `DELETE /api/v1/listings/{id}`: whether the listing was deleted, or archived
/// because transactions refer to it.
public struct ListingRemoval: Codable, Sendable, Equatable {
    public var result: String
    public var message: String

    public init(result: String, message: String) {
        self.result = result
        self.message = message
    }
}

/// Body of `PUT /api/v1/listings/{id}/photos/order`.
public struct PhotoOrder: Codable, Sendable, Equatable {
    public var photoIds: [UUID]

    public init(photoIds: [UUID]) {
        self.photoIds = photoIds
    }
}
