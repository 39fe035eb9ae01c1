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

    public var label: Phrase {
        switch self {
        case .dismiss: "Dismiss: nothing wrong"
        case .removeListing: "Remove the listing"
        case .restoreListing: "Restore the listing"
        case .warnUser: "Warn the person"
        case .suspendUser: "Suspend the account"
        }
    }
}
