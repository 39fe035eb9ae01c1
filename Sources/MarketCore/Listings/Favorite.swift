import Foundation

/// Where a saved listing stands now. A listing that left the market stays in the list, said so,
/// rather than vanishing from it.
public enum FavoriteAvailability: String, OpenEnum {
    /// On the market: it can be bought, rented or offered for.
    case available
    /// Someone is buying it; it may come back if that order is declined.
    case reserved
    case sold
    /// Taken off the market (by its seller or a moderator) or deleted.
    case gone
    case unknown

    public static var allCases: [FavoriteAvailability] { [.available, .reserved, .sold, .gone] }
}

/// A listing someone saved (`PUT /api/v1/me/favorites/{listingID}`).
public struct Favorite: Codable, Sendable, Equatable, Identifiable {
    /// The listing's id; nil once the listing was deleted.
    public var listingId: UUID?
    /// The title when it was saved, kept for a listing that is gone.
    public var title: String
    public var availability: FavoriteAvailability
    /// The listing as it is now, while it can be seen (available or reserved).
    public var listing: Listing?
    public var savedAt: Date

    public var id: String { listingId?.uuidString ?? "\(title)@\(savedAt.timeIntervalSince1970)" }

    public init(listingId: UUID?, title: String, availability: FavoriteAvailability, listing: Listing?, savedAt: Date) {
        self.listingId = listingId
        self.title = title
        self.availability = availability
        self.listing = listing
        self.savedAt = savedAt
    }
}

public typealias FavoritePage = Page<Favorite>
