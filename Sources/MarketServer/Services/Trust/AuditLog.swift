import Fluent
import Foundation
import MarketCore

/// Every moderator and operator action, appended in the transaction that takes it (so an action
/// and its entry stand or fall together). Never edited: the table refuses UPDATE and DELETE.
struct AuditLog {
    let database: any Database
    let now: Date

    /// The name the command line writes entries under.
    static let operatorName = "operator (command line)"

    func append(actor: UserRecord?, action: String, subject: ReportSubject, id: UUID?, note: String?, on db: (any Database)? = nil) async throws {
        try await AuditLogRecord(actorID: actor?.id, actorName: actor?.name ?? Self.operatorName, action: action,
                                 subjectKind: subject.rawValue, subjectID: id, note: note, at: now).create(on: db ?? database)
    }

    /// Newest first; admins only.
    func page(limit: Int, after cursor: PageCursor?, for reader: UserRecord) async throws -> MarketCore.Page<AuditEntry> {
        guard reader.isAdmin else { throw APIError.adminsOnly }
        let (rows, next) = try await AuditLogRecord.query(on: database).newestFirst(limit: limit, after: cursor)
        let items = try rows.map {
            AuditEntry(id: try $0.requireID(), actorId: $0.actorID, actorName: $0.actorName, action: $0.action,
                       subject: $0.subjectKind, subjectId: $0.subjectID, note: $0.note, createdAt: $0.createdAt)
        }
        return MarketCore.Page(items: items, nextCursor: next?.token)
    }
}
