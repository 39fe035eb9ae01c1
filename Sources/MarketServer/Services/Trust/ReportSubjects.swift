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
    static func find(_ kind: ReportSubject, _ id: UUID, viewer: UserRecord, on db: any Database) async throws -> ReportedSubject? {
        switch kind {
        case .listing:
            guard let listing = try await ListingRecord.find(id, on: db),
                  try await ListingVisibility.canSee(listing, viewer: viewer, on: db) else { return nil }
            return ReportedSubject(kind: kind, id: id, ownerID: listing.$seller.id, title: listing.title, status: listing.status)
        case .user:
            guard let user = try await UserRecord.find(id, on: db), user.deletedAt == nil else { return nil }
            return ReportedSubject(kind: kind, id: id, ownerID: id, title: user.name, status: user.isSuspended ? "suspended" : "active")
        case .message:
            guard let message = try await messageRow(id, on: db) else { return nil }
            if !viewer.isModerator {
                guard (try? await ConversationService.participants(of: message.conversationId, member: try viewer.requireID(), on: db)) != nil else { return nil }
            }
            return ReportedSubject(kind: kind, id: id, ownerID: message.senderId, title: message.text, status: "sent")
        }
    }

    /// The subject as it is now, for the moderation queue (any subject, whoever asks).
    static func current(_ kind: ReportSubject, _ id: UUID, on db: any Database) async throws -> ReportedSubject? {
        switch kind {
        case .listing:
            guard let listing = try await ListingRecord.find(id, on: db) else { return nil }
            return ReportedSubject(kind: kind, id: id, ownerID: listing.$seller.id, title: listing.title, status: listing.status)
        case .user:
            guard let user = try await UserRecord.find(id, on: db) else { return nil }
            return ReportedSubject(kind: kind, id: id, ownerID: id, title: user.name, status: user.isSuspended ? "suspended" : "active")
        case .message:
            guard let message = try await messageRow(id, on: db) else { return nil }
            return ReportedSubject(kind: kind, id: id, ownerID: message.senderId, title: message.text, status: "sent")
        }
    }

    private struct MessageRow: Decodable { var conversationId: UUID; var senderId: UUID; var text: String }

    private static func messageRow(_ id: UUID, on db: any Database) async throws -> MessageRow? {
        try await db.sql.raw("SELECT conversation_id, sender_id, text FROM messages WHERE id = \(bind: id)")
            .first(decoding: MessageRow.self, keyDecodingStrategy: .convertFromSnakeCase)
    }
}
