import Foundation

/// What a moderator decides about a reported subject. Every open report on it closes.
public enum ModerationAction: String, Codable, Sendable, CaseIterable {
    case dismiss
    case removeListing = "remove_listing"
    case restoreListing = "restore_listing"
    case warnUser = "warn_user"
    case suspendUser = "suspend_user"

    /// The decisions that fit a reported subject: the listing ones only for a listing.
    public static func choices(for subject: ReportSubject) -> [ModerationAction] {
        subject == .listing ? allCases : [.dismiss, .warnUser, .suspendUser]
    }

    public var label: String {
        switch self {
        case .dismiss: "Dismiss: nothing wrong"
        case .removeListing: "Remove the listing"
        case .restoreListing: "Restore the listing"
        case .warnUser: "Warn the person"
        case .suspendUser: "Suspend the account"
        }
    }
}

/// `POST /api/v1/moderation/reports/{id}/decision`.
public struct ModerationDecisionRequest: Codable, Sendable, Equatable {
    public var action: String?
    public var note: String?

    public init(action: ModerationAction, note: String) {
        self.action = action.rawValue
        self.note = note
    }

    /// As a form sends it.
    public init(action: String?, note: String?) {
        self.action = action
        self.note = note
    }

    public static let noteLength = 1_000

    public func validated() -> Result<ModerationDecisionDraft, FieldErrorList> {
        var errors = FieldErrors()
        let action = action.flatMap(ModerationAction.init(rawValue:))
        if action == nil { errors.note("action", "must be one of \(ModerationAction.allCases.map(\.rawValue).joined(separator: ", "))") }
        let note = (note ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        if note.isEmpty {
            errors.note("note", "is required: say why, for the log and for the people told")
        } else if note.count > Self.noteLength {
            errors.note("note", "must be at most \(Self.noteLength) characters")
        }
        guard errors.isEmpty, let action else { return .failure(FieldErrorList(errors)) }
        return .success(ModerationDecisionDraft(action: action, note: note))
    }
}

public struct ModerationDecisionDraft: Sendable, Equatable {
    public var action: ModerationAction
    public var note: String
}

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

/// The answer to a decision: how many reports it closed.
public struct ModerationOutcome: Codable, Sendable, Equatable {
    public var action: ModerationAction
    public var closedReports: Int
    public init(action: ModerationAction, closedReports: Int) {
        self.action = action
        self.closedReports = closedReports
    }
}

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
