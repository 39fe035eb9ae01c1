import Fluent
import Foundation

/// A party's review of the other after a completed order: one per order and author.
final class ReviewRecord: Model, @unchecked Sendable {
    static let schema = "reviews"

    @ID(key: .id) var id: UUID?
    /// Assigned by the database: a person's reviews list newest first by it.
    @OptionalField(key: "seq") var seq: Int64?
    @Field(key: "order_id") var orderID: UUID
    @Field(key: "author_id") var authorID: UUID
    @Field(key: "subject_id") var subjectID: UUID
    @Field(key: "rating") var rating: Int
    @OptionalField(key: "text") var text: String?
    @OptionalField(key: "reply") var reply: String?
    @OptionalField(key: "replied_at") var repliedAt: Date?
    @Field(key: "created_at") var createdAt: Date

    init() {}
}
