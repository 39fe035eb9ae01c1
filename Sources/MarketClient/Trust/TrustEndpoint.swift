import Foundation
import MarketCore

/// Campuses and verification, reports, reviews: what makes a campus market trustworthy.
public enum TrustEndpoint: Endpoint {
    /// Answers `[CampusInfo]`: the campuses this server serves (empty on an open board).
    case campuses
    /// Mails a verification link to a campus address (202, `CampusVerificationStatus`).
    case requestCampusEmail(CampusEmailRequest)
    /// Confirms a verification link's token (`CampusVerificationStatus`), signed in as the account that asked for it.
    case confirmEmail(EmailVerificationRequest)
    /// Reports a listing, a person or a message (201, `Report`).
    case report(ReportRequest)
    /// Reviews the other party of a completed order (201, `Review`).
    case review(order: UUID, ReviewRequest)
    /// Replies once to a review of me (`Review`).
    case reply(review: UUID, ReviewReplyRequest)
    /// A person's reviews, newest first (`Page<Review>`).
    case reviews(user: UUID, PageRequest)

    public var method: String {
        switch self {
        case .campuses, .reviews: "GET"
        default: "POST"
        }
    }

    public var path: String {
        switch self {
        case .campuses: "campuses"
        case .requestCampusEmail: "me/campus-email"
        case .confirmEmail: "auth/email-verification"
        case .report: "reports"
        case .review(let order, _): "orders/\(order.wireString)/review"
        case .reply(let review, _): "reviews/\(review.wireString)/reply"
        case .reviews(let user, _): "users/\(user.wireString)/reviews"
        }
    }

    public var body: (any Encodable & Sendable)? {
        switch self {
        case .requestCampusEmail(let request): request
        case .confirmEmail(let request): request
        case .report(let request): request
        case .review(_, let request): request
        case .reply(_, let request): request
        case .campuses, .reviews: nil
        }
    }

    public var queryItems: [URLQueryItem] {
        if case .reviews(_, let page) = self { return page.queryItems }
        return []
    }
}
