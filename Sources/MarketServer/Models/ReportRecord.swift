import Fluent
import Foundation

/// One person's report of a listing, a user or a message. Open until a moderator decides on its
/// subject; the decision closes every open report on that subject at once.
final class ReportRecord: Model, @unchecked Sendable {
    static let schema = "reports"
    static let open = "open"
    static let decided = "decided"

    @ID(key: .id) var id: UUID?
    @Field(key: "reporter_id") var reporterID: UUID
    @Field(key: "subject_kind") var subjectKind: String
    @Field(key: "subject_id") var subjectID: UUID
    /// The listing's seller, the message's sender, the user themself: who a decision touches.
    @OptionalField(key: "subject_owner_id") var subjectOwnerID: UUID?
    @Field(key: "reason") var reason: String
    @OptionalField(key: "details") var details: String?
    @Field(key: "status") var status: String
    /// Whether the reporter had a verified campus address: only those count toward hiding.
    @Field(key: "reporter_verified") var reporterVerified: Bool
    @Field(key: "created_at") var createdAt: Date
    @OptionalField(key: "decided_at") var decidedAt: Date?
    @OptionalField(key: "decided_by") var decidedBy: UUID?
    @OptionalField(key: "decision") var decision: String?

    init() {}
}
