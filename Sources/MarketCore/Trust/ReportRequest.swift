import Foundation

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
