import Foundation

/// One line of the audit log: who did what to what, why and when. Never edited.
public struct AuditEntry: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    /// The moderator's id; nil for the operator at the command line.
    public var actorId: UUID?
    public var actorName: String
    public var action: String
    public var subject: String
    public var subjectId: UUID?
    public var note: String?
    public var createdAt: Date

    public init(id: UUID, actorId: UUID?, actorName: String, action: String, subject: String, subjectId: UUID?, note: String?, createdAt: Date) {
        self.id = id
        self.actorId = actorId
        self.actorName = actorName
        self.action = action
        self.subject = subject
        self.subjectId = subjectId
        self.note = note
        self.createdAt = createdAt
    }
}
