import Foundation

/// One page of the feed or a search.
/// Answer to buying a feature for a listing.
public struct FeatureReceipt: Codable, Sendable, Equatable {
    public var listingId: UUID
    public var featuredUntil: Date
    public var feeCents: Int
    public var currency: String
    /// Until then, `DELETE /listings/{id}/feature` cancels with a full refund.
    public var cancellableUntil: Date

    public init(listingId: UUID, featuredUntil: Date, feeCents: Int, currency: String, cancellableUntil: Date) {
        self.listingId = listingId
        self.featuredUntil = featuredUntil
        self.feeCents = feeCents
        self.currency = currency
        self.cancellableUntil = cancellableUntil
    }
}
