import Foundation

/// What a report is about.
public enum ReportSubject: String, Codable, Sendable, CaseIterable {
    case listing, user, message
}

public enum ReportReason: String, Codable, Sendable, CaseIterable {
    case scam, prohibited, harassment, spam, other

    public var label: Phrase {
        switch self {
        case .scam: "A scam or fraud"
        case .prohibited: "Not allowed on the market"
        case .harassment: "Harassment or abuse"
        case .spam: "Spam or a duplicate"
        case .other: "Something else"
        }
    }
}

public struct ReportDraft: Sendable, Equatable {
    public var subject: ReportSubject
    public var subjectID: UUID
    public var reason: ReportReason
    public var details: String?
}

/// A report as its reporter sees it (201 from `POST /api/v1/reports`).
public struct Report: Codable, Sendable, Equatable, Identifiable {
    public var id: UUID
    public var subject: ReportSubject
    public var subjectId: UUID
    public var reason: ReportReason
    public var details: String?
    /// open, or decided.
    public var status: String
    public var createdAt: Date

    public init(id: UUID, subject: ReportSubject, subjectId: UUID, reason: ReportReason, details: String?, status: String, createdAt: Date) {
        self.id = id
        self.subject = subject
        self.subjectId = subjectId
        self.reason = reason
        self.details = details
        self.status = status
        self.createdAt = createdAt
    }
}
