import Foundation
import MarketCore

/// The moderation queue (moderators) and the audit log (admins).
public enum ModerationEndpoint: Endpoint {
    /// Open (or `decided`) reports grouped by subject (`Page<ModerationCase>`).
    /// `cursor`: the previous page's `nextCursor`, to read on through every open report.
    case queue(status: String = "open", limit: Int? = nil, cursor: String? = nil)
    /// Decides on a report's subject, closing every open report on it (`ModerationOutcome`).
    case decide(report: UUID, ModerationDecisionRequest)
    /// The audit log, newest first (`Page<AuditEntry>`).
    case log(PageRequest)

    public var method: String {
        if case .decide = self { return "POST" }
        return "GET"
    }

    public var path: String {
        switch self {
        case .queue: "moderation/reports"
        case .decide(let report, _): "moderation/reports/\(report.wireString)/decision"
        case .log: "moderation/log"
        }
    }

    public var body: (any Encodable & Sendable)? {
        if case .decide(_, let request) = self { return request }
        return nil
    }

    public var queryItems: [URLQueryItem] {
        switch self {
        case .queue(let status, let limit, let cursor): QueryItems().adding("status", status).adding("limit", limit).adding("cursor", cursor).items
        case .log(let page): page.queryItems
        case .decide: []
        }
    }
}
