import Fluent
import Foundation
import MarketCore
import SQLKit

/// What a report points at, as the reporter may see it and as a moderator sees it.
struct ReportedSubject: Sendable {
    var kind: ReportSubject
    var id: UUID
    /// The seller, the sender, the person: whom a decision touches.
    var ownerID: UUID
    var title: String
    var status: String
}

enum ReportSubjects {
    /// The subject when `viewer` can see it (a listing they may see, an account that exists, a
    /// message in one of their conversations); nil otherwise, so ids cannot be probed.
    static func find(_ kind: ReportSubject, _ id: UUID, viewer: UserRecord, trust: TrustPolicy, on db: any Database) async throws -> ReportedSubject? {
        guard let row = try await load(kind, id, on: db) else { return nil }
        switch row {
        case .listing(let listing):
            guard try await ListingVisibility.canSee(listing, viewer: viewer, trust: trust, on: db) else { return nil }
        case .user(let user):
            guard user.deletedAt == nil else { return nil }
        case .message(let message):
            if !viewer.isModerator {
                guard (try? await ConversationService.participants(of: message.conversationId, member: try viewer.requireID(), on: db)) != nil else { return nil }
            }
        }
        return row.subject(id: id)
    }

    /// The subject as it is now, for the moderation queue (any subject, whoever asks).
    static func current(_ kind: ReportSubject, _ id: UUID, on db: any Database) async throws -> ReportedSubject? {
        try await load(kind, id, on: db)?.subject(id: id)
    }

    /// What a report's id names, read once for both questions above.
    private enum Row {
        case listing(ListingRecord), user(UserRecord), message(MessageRow)

        func subject(id: UUID) -> ReportedSubject {
            switch self {
            case .listing(let listing):
                ReportedSubject(kind: .listing, id: id, ownerID: listing.$seller.id, title: listing.title, status: listing.status)
            case .user(let user):
                ReportedSubject(kind: .user, id: id, ownerID: id, title: user.name, status: user.isSuspended ? "suspended" : "active")
            case .message(let message):
                ReportedSubject(kind: .message, id: id, ownerID: message.senderId, title: message.text, status: "sent")
            }
        }
    }

    private static func load(_ kind: ReportSubject, _ id: UUID, on db: any Database) async throws -> Row? {
        switch kind {
        case .listing: try await ListingRecord.find(id, on: db).map(Row.listing)
        case .user: try await UserRecord.find(id, on: db).map(Row.user)
        case .message: try await messageRow(id, on: db).map(Row.message)
        }
    }

    private struct MessageRow: Decodable { var conversationId: UUID; var senderId: UUID; var text: String }

    private static func messageRow(_ id: UUID, on db: any Database) async throws -> MessageRow? {
        try await db.sql.raw("SELECT conversation_id, sender_id, text FROM messages WHERE id = \(bind: id)")
            .first(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }
}
