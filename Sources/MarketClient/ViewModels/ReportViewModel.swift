import Foundation
import MarketCore
import Observation

/// The "Report" sheet of a listing, a person or a message: a reason, optional details, send.
@MainActor
@Observable
public final class ReportViewModel: ScreenModel {
    public let subject: ReportSubject
    public let subjectID: UUID
    public var reason: ReportReason = .scam
    public var details = ""
    /// The report made; the sheet says thank you and closes.
    public private(set) var sent: Report?
    /// The report, kept to send once the server can be reached (sent offline).
    public private(set) var waiting: OutboxItem?
    public var isLoading = false
    public var fieldErrors: FieldErrors = [:]
    public var errorMessage: String?

    @ObservationIgnored private let client: APIClient

    public init(client: APIClient, subject: ReportSubject, id: UUID) {
        self.client = client
        self.subject = subject
        self.subjectID = id
    }

    /// The reasons to pick from, with the words a person reads.
    public var reasons: [ReportReason] { ReportReason.allCases }

    @discardableResult
    public func send() async -> Bool {
        let request = ReportRequest(subject: subject, id: subjectID, reason: reason, details: details.isEmpty ? nil : details)
        guard checked(request.validated()) != nil else { return false }
        switch await perform({ try await client.sendOrKeep(TrustEndpoint.report(request), as: Report.self, summary: "Report: \(reason.rawValue)") }) {
        case .sent(let report)?: sent = report
        case .waiting(let item)?: waiting = item
        case nil: return false
        }
        return true
    }
}
