import Fluent
import Foundation

/// A listing a student saved. The title is kept, so a listing deleted since still shows in the
/// list as gone (its `listing_id` becomes NULL then).
final class FavoriteRecord: Model, @unchecked Sendable {
    static let schema = "favorites"

    @ID(key: .id) var id: UUID?
    /// Assigned by the database: a student's saved listings list newest first by it.
    @OptionalField(key: "seq") var seq: Int64?
    @Field(key: "user_id") var userID: UUID
    @OptionalField(key: "listing_id") var listingID: UUID?
    @Field(key: "title") var title: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(userID: UUID, listingID: UUID, title: String, createdAt: Date) {
        self.id = UUID()
        self.userID = userID
        self.listingID = listingID
        self.title = title
        self.createdAt = createdAt
    }
}

extension FavoriteRecord: SequencedModel {}

/// Saved with one INSERT that keeps the row already there (`Favorites.save`).
extension FavoriteRecord: HandInserted {
    static let insertColumns = ["id", "user_id", "listing_id", "title", "created_at"]
    static let notInserted: Set<String> = ["seq"]  // the database numbers rows
}
