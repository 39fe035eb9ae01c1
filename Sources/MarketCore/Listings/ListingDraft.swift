/// A listing that passed validation, in stored form.
public struct ListingDraft: Sendable, Equatable {
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
    public var depositCents: Int?
    /// Nil: told from the text when it is saved (`ListingLanguage.detect`).
    public var language: ListingLanguage?
}
