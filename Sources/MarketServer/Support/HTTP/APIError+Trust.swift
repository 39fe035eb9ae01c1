import MarketCore
import Vapor

/// The errors of verification, reports, moderation and reviews.
extension APIError {
    static let verificationRequired = APIError(.forbidden, code: "verification_required",
        message: """
            Verify your campus email first: only verified students can list, buy, rent, offer trades or send messages. \
            Add your campus address on your profile (POST /api/v1/me/campus-email) and open the link we mail you.
            """)
    static let verificationLinkInvalid = APIError(.unprocessableEntity, code: "verification_link_invalid",
        message: "This verification link is not valid: it was used already, it expired (links work for 24 hours), or it was mistyped. Ask for a new one.")
    /// The link was asked for by another account: nothing is said of which one.
    static let verificationLinkOfAnotherAccount = APIError(.forbidden, code: "verification_link_other_account",
        message: "This link was asked for by another account. Sign in to the account that asked for it, then open the link again.")
    static let campusEmailInUse = APIError(.conflict, code: "campus_email_in_use",
        message: "This campus address already verifies another account. Sign in to that account, or use another address.")
    static func notCampusAddress(_ field: String = "email") -> APIError {
        .validation([field: "is not at a campus this market serves: use your university address"])
    }
    static let accountSuspended = APIError(.forbidden, code: "account_suspended",
        message: "This account is suspended. If you think this is a mistake, contact the people who run this market.")
    static let reportSubjectNotFound = APIError(.notFound, code: "subject_not_found",
        message: "There is no listing, user or message with this id that you can see.")
    static let reportExists = APIError(.conflict, code: "report_exists",
        message: "You already reported this, and a moderator has not decided yet.")
    static let reportNotFound = APIError(.notFound, code: "report_not_found", message: "There is no report with this id.")
    static let moderatorsOnly = APIError(.forbidden, code: "moderators_only", message: "Only moderators can do this.")
    static let adminsOnly = APIError(.forbidden, code: "admins_only", message: "Only admins can read the audit log.")
    static let ownSubject = APIError(.forbidden, code: "own_subject",
        message: "You cannot moderate your own listing or account: another moderator must decide.")
    static func decisionConflict(_ message: Phrase) -> APIError { APIError(.conflict, code: "decision_conflict", message: message) }
    static let reviewNotAllowedYet = APIError(.conflict, code: "order_not_completed",
        message: "You can review once the order is completed.")
    static let reviewExists = APIError(.conflict, code: "review_exists", message: "You already reviewed this order.")
    static let reviewWindowClosed = APIError(.conflict, code: "review_window_closed",
        message: "Reviews are written within 30 days of an order's completion.")
    static let reviewNotFound = APIError(.notFound, code: "review_not_found", message: "There is no review of you with this id.")
    static let replyExists = APIError(.conflict, code: "reply_exists", message: "You already replied to this review.")
}
