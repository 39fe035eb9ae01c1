import Foundation

/// One subject in the moderation queue: every open report on it, counted, with the subject as
/// it is now.
public struct ModerationCase: Codable, Sendable, Equatable, Identifiable {
    /// The oldest open report's id: decide through it.
    public var id: UUID
    public var subject: ReportSubject
    public var subjectId: UUID
    /// The listing's title, the person's name, or the message's text.
    public var subjectTitle: String
    /// The listing's status, or "active" / "suspended" for a person.
    public var subjectStatus: String
    /// For a listing or a message: who it belongs to.
    public var ownerId: UUID?
    public var reportCount: Int
    public var reasons: [ReportReason]
    public var details: [String]
    public var firstReportedAt: Date
    public var status: String

    public init(id: UUID, subject: ReportSubject, subjectId: UUID, subjectTitle: String, subjectStatus: String, ownerId: UUID?,
                reportCount: Int, reasons: [ReportReason], details: [String], firstReportedAt: Date, status: String) {
        self.id = id
        self.subject = subject
        self.subjectId = subjectId
        self.subjectTitle = subjectTitle
        self.subjectStatus = subjectStatus
        self.ownerId = ownerId
        self.reportCount = reportCount
        self.reasons = reasons
        self.details = details
        self.firstReportedAt = firstReportedAt
        self.status = status
    }
}
