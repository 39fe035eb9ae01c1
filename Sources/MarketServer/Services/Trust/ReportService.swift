import Fluent
import Foundation
import MarketCore
import SQLKit

/// Reporting a listing, a person or a message. One open report per reporter and subject (the
/// database's partial unique index decides a race); a listing that `REPORTS_TO_HIDE` distinct
/// verified accounts reported leaves the market until a moderator decides. A report and its
/// effect are one write transaction holding the listing's lock, so a purchase cannot slip
/// between the count and the hiding.
struct ReportService {
    let services: DomainServices

    /// Reports one account may file in `window`: a flood cannot bury the queue's real reports.
    static let perWindow = 10
    static let window: TimeInterval = 3_600

    func report(_ input: ReportRequest, by reporter: UserRecord) async throws -> Report {
        let draft = try APIError.draft(input.validated())
        let reporterID = try reporter.requireID()
        guard let subject = try await ReportSubjects.find(draft.subject, draft.subjectID, viewer: reporter, trust: services.trust, on: services.database) else {
            throw APIError.reportSubjectNotFound
        }
        if subject.ownerID == reporterID {
            let what = switch draft.subject { case .listing: "your own listing"; case .user: "yourself"; case .message: "your own message" }
            throw APIError.validation(["id": "is \(what): you cannot report it"])
        }
        // With campuses configured only verified students count toward hiding; on an open board, everyone.
        let now = services.now
        let counts = (!services.settings.campuses.isConfigured || services.trust.isVerified(reporter))
            && reporter.createdAt <= now.addingTimeInterval(-services.settings.reporterMinimumAge)
        let threshold = services.settings.reportsToHide
        let recent = try await ReportRecord.query(on: services.database).filter(\.$reporterID == reporterID)
            .filter(\.$createdAt > now.addingTimeInterval(-Self.window)).sort(\.$createdAt).all()
        if recent.count >= Self.perWindow, let oldest = recent.first?.createdAt {
            throw APIError.tooManyAttempts(retryAfter: oldest.addingTimeInterval(Self.window).timeIntervalSince(now), of: "reports")
        }
        let report = { @Sendable () -> ReportRecord in
            let report = ReportRecord()
            report.id = UUID()
            report.reporterID = reporterID
            report.subjectKind = draft.subject.rawValue
            report.subjectID = draft.subjectID
            report.subjectOwnerID = subject.ownerID
            report.reason = draft.reason.rawValue
            report.details = draft.details
            report.status = ReportRecord.open
            report.reporterVerified = counts
            report.createdAt = now
            return report
        }
        do {
            // The record is made inside: a body may run twice (`GroupCommit`), and Fluent creates
            // a model object once.
            return try Self.present(try await services.writes.run { tx in
                if draft.subject == .listing { _ = try await tx.lockListing(draft.subjectID) }
                if try await Self.hasOpenReport(by: reporterID, on: draft.subject, draft.subjectID, db: tx.db) { throw APIError.reportExists }
                let made = report()
                try await made.create(on: tx.db)
                guard draft.subject == .listing else { return made }
                let reporters = try await tx.sql.raw("""
                    SELECT COUNT(DISTINCT reporter_id) AS n FROM reports
                    WHERE subject_kind = 'listing' AND subject_id = \(bind: draft.subjectID) AND status = 'open' AND reporter_verified = \(bind: true)
                    """).first()?.decode(column: "n", as: Int.self) ?? 0
                if reporters >= threshold {
                    try await tx.sql.raw("""
                        UPDATE listings SET status = \(bind: ListingStatus.hidden.rawValue), updated_at = \(bind: now)
                        WHERE id = \(bind: draft.subjectID) AND status = \(bind: ListingStatus.active.rawValue)
                        """).run()
                }
                return made
            })
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw APIError.reportExists
        }
    }

    private static func hasOpenReport(by reporter: UUID, on kind: ReportSubject, _ id: UUID, db: any Database) async throws -> Bool {
        try await ReportRecord.query(on: db).filter(\.$reporterID == reporter).filter(\.$subjectKind == kind.rawValue)
            .filter(\.$subjectID == id).filter(\.$status == ReportRecord.open).count() > 0
    }

    static func present(_ record: ReportRecord) throws -> Report {
        Report(id: try record.requireID(), subject: ReportSubject(rawValue: record.subjectKind) ?? .listing, subjectId: record.subjectID,
               reason: ReportReason(rawValue: record.reason) ?? .other, details: record.details, status: record.status, createdAt: record.createdAt)
    }
}
