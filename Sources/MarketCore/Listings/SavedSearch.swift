import Foundation

/// `POST /api/v1/me/saved-searches` and `PATCH …/{id}` (a new name).
public struct SavedSearchInput: Codable, Sendable, Equatable {
    public var name: String?
    public var query: ListingQuery?

    public init(name: String? = nil, query: ListingQuery? = nil) {
        self.name = name
        self.query = query
    }
}

public struct SavedSearch: Codable, Sendable, Equatable, Identifiable {
    public static let maxPerAccount = 20

    public var id: UUID
    public var name: String
    /// The feed's query it keeps (`ListingQuery.asSavedSearch`).
    public var query: ListingQuery
    public var createdAt: Date

    public init(id: UUID, name: String, query: ListingQuery, createdAt: Date) {
        self.id = id
        self.name = name
        self.query = query
        self.createdAt = createdAt
    }
}
