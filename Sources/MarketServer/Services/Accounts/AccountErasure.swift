import Fluent
import Foundation
import SQLKit

/// What deleting an account erases, beyond the anonymised row (`AccountService.delete`): what
/// was only ever the person's own. What another person still needs stays, under "Deleted user":
/// orders and their history, trade offers, messages (the other side's conversation), reviews
/// (the other side's reputation), reports (a moderator's record), fees (the market's books), and
/// listings an order, offer or fee refers to (archived). docs/privacy.md says the same to students.
struct AccountErasure {
    let listings: ListingService

    /// Runs in the deletion's write transaction; answers the photo files of the listings it
    /// removed, to be removed from storage after the commit when nothing else uses them.
    func erase(_ userID: UUID, in tx: WriteTransaction) async throws -> [String] {
        let sql = tx.sql
        try await sql.raw("""
            DELETE FROM saved_search_hits WHERE saved_search_id IN (SELECT id FROM saved_searches WHERE user_id = \(bind: userID))
            """).run()
        try await sql.raw("""
            DELETE FROM saved_search_terms WHERE saved_search_id IN (SELECT id FROM saved_searches WHERE user_id = \(bind: userID))
            """).run()
        for (table, column) in Self.ownRows {
            try await sql.raw("DELETE FROM \(ident: table) WHERE \(ident: column) = \(bind: userID)").run()
        }
        // Listings nobody traded for go whole, photos too; the rest stay archived.
        var files: [String] = []
        for listing in try await ListingRecord.query(on: tx.db).filter(\.$seller.$id == userID).all() {
            let id = try listing.requireID()
            guard try await !listings.hasTransactions(id, on: tx.db) else { continue }
            files += try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == id).all().map(\.fileName)
            try await ListingPhotoRecord.query(on: tx.db).filter(\.$listing.$id == id).delete()
            try await ListingRecord.query(on: tx.db).filter(\.$id == id).delete()
        }
        return files
    }

    /// Rows only the person ever read: searches they saved, listings they saved, their ledger and
    /// expenses, their notifications and how they get them, whom they blocked, pending links
    /// and their upload counts.
    static let ownRows: [(table: String, column: String)] = [
        ("saved_searches", "user_id"), ("favorites", "user_id"), ("ledger_entries", "user_id"), ("notifications", "user_id"),
        ("notification_settings", "user_id"), ("push_devices", "user_id"), ("user_blocks", "blocker_id"),
        ("email_verifications", "user_id"), ("password_resets", "user_id"), ("photo_uploads", "user_id"),
        ("idempotent_requests", "user_id"),
    ]
}
