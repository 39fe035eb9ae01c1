import Fluent
import Foundation
import MarketCore
import SQLKit

/// Suspending an account: it is signed out everywhere at once (its tokens are rows every
/// instance reads, so deleting them reaches every instance), cannot sign in again, and its
/// listings leave the market; unsuspending brings them back. Each is one transaction with its
/// audit entry.
struct Suspensions {
    let services: DomainServices

    func suspend(_ user: UserRecord, reason: String, by actor: UserRecord?, in tx: WriteTransaction) async throws {
        let userID = try user.requireID()
        let now = services.now
        user.suspendedAt = now
        user.suspensionReason = reason
        user.updatedAt = now
        try await user.save(on: tx.db)
        try await services.on(tx.db).sessionTokens.revokeAll(userID: userID)
        try await tx.sql.raw("""
            UPDATE listings SET status = \(bind: ListingStatus.suspended.rawValue), updated_at = \(bind: now)
            WHERE seller_id = \(bind: userID) AND status = \(bind: ListingStatus.active.rawValue)
            """).run()
        try await services.auditLog.append(actor: actor, action: "suspend_user", subject: .user, id: userID, note: reason, on: tx.db)
    }

    func unsuspend(_ user: UserRecord, note: String?, by actor: UserRecord?, in tx: WriteTransaction) async throws {
        let userID = try user.requireID()
        let now = services.now
        user.suspendedAt = nil
        user.suspensionReason = nil
        user.updatedAt = now
        try await user.save(on: tx.db)
        try await tx.sql.raw("""
            UPDATE listings SET status = \(bind: ListingStatus.active.rawValue), updated_at = \(bind: now)
            WHERE seller_id = \(bind: userID) AND status = \(bind: ListingStatus.suspended.rawValue)
            """).run()
        try await services.auditLog.append(actor: actor, action: "unsuspend_user", subject: .user, id: userID, note: note, on: tx.db)
    }
}
