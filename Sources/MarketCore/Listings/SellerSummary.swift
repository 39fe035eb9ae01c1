import Foundation

/// The seller as shown with a listing. Lists carry `id` and `name`; a listing's detail page
/// adds the public profile (campus, rating), and `contact` only for signed-in viewers.
public struct SellerSummary: Codable, Sendable, Equatable {
    public var id: UUID
    public var name: String
    public var campus: CampusMembership?
    public var rating: RatingSummary?
    public var memberSince: Date?
    public var activeListingsCount: Int?
    public var contact: ContactMethod?

    public init(id: UUID, name: String, campus: CampusMembership? = nil, memberSince: Date? = nil,
                activeListingsCount: Int? = nil, contact: ContactMethod? = nil, rating: RatingSummary? = nil) {
        self.rating = rating
        self.id = id
        self.name = name
        self.campus = campus
        self.memberSince = memberSince
        self.activeListingsCount = activeListingsCount
        self.contact = contact
    }
}
