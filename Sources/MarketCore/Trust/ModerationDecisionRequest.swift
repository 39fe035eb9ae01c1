import Foundation

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
