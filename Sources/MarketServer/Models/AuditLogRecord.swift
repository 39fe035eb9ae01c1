import Fluent
import Foundation

/// One moderator or operator action. Appended, never edited: the table's triggers refuse
/// UPDATE and DELETE (`CreateTrustAndSafety`).
final class AuditLogRecord: Model, @unchecked Sendable {
    static let schema = "audit_log"

    @ID(key: .id) var id: UUID?
    /// Assigned by the database: the order entries were written in, newest first by it.
    @OptionalField(key: "seq") var seq: Int64?
    /// The moderator; nil for the operator at the command line.
    @OptionalField(key: "actor_id") var actorID: UUID?
    @Field(key: "actor_name") var actorName: String
    @Field(key: "action") var action: String
    @Field(key: "subject_kind") var subjectKind: String
    @OptionalField(key: "subject_id") var subjectID: UUID?
    @OptionalField(key: "note") var note: String?
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(actorID: UUID?, actorName: String, action: String, subjectKind: String, subjectID: UUID?, note: String?, at now: Date) {
        self.actorID = actorID
        self.actorName = actorName
        self.action = action
        self.subjectKind = subjectKind
        self.subjectID = subjectID
        self.note = note
        self.createdAt = now
    }
}
