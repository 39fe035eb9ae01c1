import Fluent
import Foundation
import MarketCore
import SQLKit

/// The moderation queue and its decisions. A decision closes every open report on its subject,
/// is written to the audit log, and tells the reporters and the person it touches — all in one
/// write transaction that holds the listing's lock, so a decision and a purchase of the same
/// listing never both win: whichever comes second finds the listing changed and is refused.
struct ModerationService {
    let services: DomainServices

    static func requireModerator(_ user: UserRecord) throws {
        guard user.isModerator else { throw APIError.moderatorsOnly }
    }

    /// Open (or decided) reports grouped by subject: accounts reported by `REPORTS_TO_HIDE`
    /// people or more first, then the most reported, then the oldest. Grouped and ordered by the
    /// database over every report, a page at a time (`offset` is where this page starts), so a
    /// flood of reports on one subject never pushes another out of view.
    func queue(status: String, limit: Int, offset: Int = 0, for moderator: UserRecord) async throws -> (cases: [ModerationCase], next: Int?) {
        try Self.requireModerator(moderator)
        let threshold = services.settings.reportsToHide
        let database = services.database
        let groups = try await database.sql.raw("""
            SELECT subject_kind, subject_id FROM reports WHERE status = \(bind: status)
            GROUP BY subject_kind, subject_id
            ORDER BY CASE WHEN subject_kind = 'user' AND COUNT(DISTINCT reporter_id) >= \(bind: threshold) THEN 0 ELSE 1 END,
                     COUNT(DISTINCT reporter_id) DESC, MIN(created_at), subject_id
            LIMIT \(bind: limit + 1) OFFSET \(bind: offset)
            """).all()
        var cases: [ModerationCase] = []
        for row in groups.prefix(limit) {
            let kindText = try row.decode(column: "subject_kind", as: String.self)
            let subjectID = try row.decode(column: "subject_id", as: UUID.self)
            let group = try await ReportRecord.query(on: database).filter(\.$status == status).filter(\.$subjectKind == kindText)
                .filter(\.$subjectID == subjectID).sort(\.$createdAt).sort(\.$id).all()
            guard let first = group.first else { continue }
            let kind = ReportSubject(rawValue: kindText) ?? .listing
            let subject = try await ReportSubjects.current(kind, subjectID, on: database)
            cases.append(ModerationCase(
                id: try first.requireID(), subject: kind, subjectId: subjectID,
                subjectTitle: subject?.title ?? "(gone)", subjectStatus: subject?.status ?? "gone", ownerId: subject?.ownerID,
                reportCount: Set(group.map(\.reporterID)).count,
                reasons: Array(Set(group.compactMap { ReportReason(rawValue: $0.reason) })).sorted { $0.rawValue < $1.rawValue },
                details: group.compactMap(\.details), firstReportedAt: first.createdAt, status: status))
        }
        return (cases, groups.count > limit ? offset + limit : nil)
    }

    func decide(_ reportID: UUID, _ input: ModerationDecisionRequest, by moderator: UserRecord) async throws -> ModerationOutcome {
        try Self.requireModerator(moderator)
        let draft = try APIError.draft(input.validated())
        guard let report = try await ReportRecord.find(reportID, on: services.database) else { throw APIError.reportNotFound }
        let kind = ReportSubject(rawValue: report.subjectKind) ?? .listing
        guard let subject = try await ReportSubjects.current(kind, report.subjectID, on: services.database) else {
            throw APIError.decisionConflict("What was reported no longer exists.")
        }
        if subject.ownerID == moderator.id { throw APIError.ownSubject }
        guard ModerationAction.choices(for: kind).contains(draft.action) else {
            throw APIError.validation(["action": "\(draft.action.rawValue) is for a reported listing"])
        }
        let services = services
        return try await services.writes.run { tx in
            let scoped = services.on(tx.db)
            if kind == .listing { _ = try await tx.lockListing(subject.id) }
            try await Self.apply(draft, to: subject, moderator: moderator, services: scoped, tx: tx)
            let closed = try await tx.sql.raw("""
                UPDATE reports SET status = \(bind: ReportRecord.decided), decided_at = \(bind: services.now),
                    decided_by = \(bind: moderator.requireID()), decision = \(bind: draft.action.rawValue)
                WHERE subject_kind = \(bind: kind.rawValue) AND subject_id = \(bind: subject.id) AND status = \(bind: ReportRecord.open)
                RETURNING reporter_id
                """).all().map { try $0.decode(column: "reporter_id", as: UUID.self) }
            guard !closed.isEmpty else { throw APIError.decisionConflict("Another moderator decided on this already.") }
            let about = Self.quoted(subject)
            let message: Phrase = draft.action == .dismiss
                ? "Thank you for your report about \(about). A moderator reviewed it and found nothing against the rules."
                : "Thank you for your report about \(about). A moderator reviewed it and acted on it."
            for reporter in Set(closed) {
                try await scoped.notifier.send(OutgoingNotification(
                    userID: reporter, kind: .reportDecided, message: message,
                    listingID: kind == .listing ? subject.id : nil), in: tx)
            }
            if draft.action != .suspendUser {  // a suspension writes its own entry
                try await scoped.auditLog.append(actor: moderator, action: draft.action.rawValue, subject: kind, id: subject.id, note: draft.note, on: tx.db)
            }
            return ModerationOutcome(action: draft.action, closedReports: closed.count)
        }
    }

    /// What the action changes; the listing (if any) is locked already.
    private static func apply(_ draft: ModerationDecisionDraft, to subject: ReportedSubject, moderator: UserRecord,
                              services: DomainServices, tx: WriteTransaction) async throws {
        let now = services.now
        switch draft.action {
        case .dismiss:
            if subject.kind == .listing { try await setListing(subject.id, from: [.hidden], to: .active, now: now, tx: tx) }
        case .restoreListing:
            try await setListing(subject.id, from: [.hidden, .removed], to: .active, now: now, tx: tx)
        case .removeListing:
            guard try await setListing(subject.id, from: [.active, .hidden], to: .removed, now: now, tx: tx) else {
                throw APIError.decisionConflict("This listing is no longer on the market (it was bought, archived or removed meanwhile); it cannot be removed now.")
            }
            try await services.notifier.send(OutgoingNotification(
                userID: subject.ownerID, kind: .moderatorAction,
                message: "A moderator removed your listing \"\(subject.title)\": \(draft.note)", listingID: subject.id), in: tx)
        case .warnUser:
            try await services.notifier.send(OutgoingNotification(
                userID: subject.ownerID, kind: .moderatorAction, message: "A moderator warned you: \(draft.note)"), in: tx)
        case .suspendUser:
            guard let user = try await UserRecord.find(subject.ownerID, on: tx.db), user.deletedAt == nil else {
                throw APIError.decisionConflict("That account no longer exists.")
            }
            if user.isModerator, !moderator.isAdmin { throw APIError(.forbidden, code: "admins_only", message: "Only an admin can suspend a moderator.") }
            guard !user.isSuspended else { throw APIError.decisionConflict("That account is suspended already.") }
            try await services.suspensions.suspend(user, reason: draft.note, by: moderator, in: tx)
        }
    }

    /// Moves the listing from one of `from` to `to`; false when it was in none of them.
    @discardableResult
    private static func setListing(_ id: UUID, from: [ListingStatus], to: ListingStatus, now: Date, tx: WriteTransaction) async throws -> Bool {
        try await tx.sql.raw("""
            UPDATE listings SET status = \(bind: to.rawValue), updated_at = \(bind: now)
            WHERE id = \(bind: id) AND status IN (\(binds: from.map(\.rawValue))) RETURNING id
            """).first() != nil
    }

    private static func quoted(_ subject: ReportedSubject) -> Phrase {
        switch subject.kind {
        case .listing: "the listing “\(subject.title)”"
        case .user: "an account"
        case .message: "a message"
        }
    }
}
