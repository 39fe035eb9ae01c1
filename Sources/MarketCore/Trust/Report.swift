import Foundation

/// What a report is about.
public enum ReportSubject: String, Codable, Sendable, CaseIterable {
    case listing, user, message
}

public enum ReportReason: String, Codable, Sendable, CaseIterable {
    case scam, prohibited, harassment, spam, other

    public var label: String {
        switch self {
        case .scam: "A scam or fraud"
        case .prohibited: "Not allowed on the market"
        case .harassment: "Harassment or abuse"
        case .spam: "Spam or a duplicate"
        case .other: "Something else"
        }
    }
}

/// `POST /api/v1/reports`.
public struct ReportRequest: Codable, Sendable, Equatable {
    public var subject: String?
    public var id: UUID?
    public var reason: String?
    public var details: String?

    public init(subject: ReportSubject, id: UUID, reason: ReportReason, details: String? = nil) {
        self.subject = subject.rawValue
        self.id = id
        self.reason = reason.rawValue
        self.details = details
    }

    /// As a form sends it: every field as typed, judged by `validated()`.
    public init(subject: String?, id: UUID?, reason: String?, details: String?) {
        self.subject = subject
        self.id = id
        self.reason = reason
        self.details = details
    }

    public static let detailsLength = 1_000

    public func validated() -> Result<ReportDraft, FieldErrorList> {
        var errors = FieldErrors()
        let subject = subject.flatMap(ReportSubject.init(rawValue:))
        if subject == nil { errors.note("subject", "must be one of listing, user, message") }
        if id == nil { errors.note("id", "is required: the id of the listing, user or message") }
        let reason = reason.flatMap(ReportReason.init(rawValue:))
        if reason == nil { errors.note("reason", "must be one of \(ReportReason.allCases.map(\.rawValue).joined(separator: ", "))") }
        let details = details?.trimmingCharacters(in: .whitespacesAndNewlines)
        if let details, details.count > Self.detailsLength { errors.note("details", "must be at most \(Self.detailsLength) characters") }
        guard errors.isEmpty, let subject, let id, let reason else { return .failure(FieldErrorList(errors)) }
        return .success(ReportDraft(subject: subject, subjectID: id, reason: reason, details: details?.isEmpty == true ? nil : details))
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
