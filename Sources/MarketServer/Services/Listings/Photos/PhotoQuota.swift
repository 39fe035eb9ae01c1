import Fluent
import Foundation
import SQLKit

/// What one account may store: `perHour` photos an hour, and `unattachedBytes` of photos that
/// no listing holds yet (the web editor stages photos before the listing is saved). Checked
/// before a photo is decoded and scrubbed, so a flood of uploads costs the server little.
struct PhotoQuota {
    let database: any Database
    let now: Date

    static let perHour = 60
    static let unattachedBytes = 40 * 1_048_576

    func check(_ userID: UUID, adding byteCount: Int) async throws {
        let hourAgo = now.addingTimeInterval(-3_600)
        let recent = try await database.sql.raw("""
            SELECT COUNT(*) AS n FROM photo_uploads WHERE user_id = \(bind: userID) AND created_at > \(bind: hourAgo)
            """).first()
        if try recent?.decode(column: "n", as: Int.self) ?? 0 >= Self.perHour {
            throw APIError.tooManyAttempts(retryAfter: 3_600, of: "photo uploads")
        }
        // Cast: PostgreSQL sums a BIGINT as NUMERIC.
        let unattached = try await database.sql.raw("""
            SELECT CAST(COALESCE(SUM(u.byte_count), 0) AS BIGINT) AS bytes FROM photo_uploads u
            WHERE u.user_id = \(bind: userID) AND u.created_at > \(bind: now.addingTimeInterval(-86_400))
              AND NOT EXISTS (SELECT 1 FROM listing_photos p WHERE p.file_name = u.file_name)
            """).first()?.decode(column: "bytes", as: Int.self) ?? 0
        if unattached + byteCount > Self.unattachedBytes {
            throw APIError(.tooManyRequests, code: "too_many_unsaved_photos",
                           message: "You have \(unattached / 1_048_576) MB of photos not on any listing yet. Save the listing they are for, or try again later.",
                           retryAfter: 3_600)
        }
    }

    /// Records a stored photo, and forgets this account's uploads older than a day.
    func record(_ userID: UUID, fileName: String, byteCount: Int) async throws {
        try await database.sql.raw("""
            DELETE FROM photo_uploads WHERE user_id = \(bind: userID) AND created_at < \(bind: now.addingTimeInterval(-86_400))
            """).run()
        try await database.sql.raw("""
            INSERT INTO photo_uploads (id, user_id, file_name, byte_count, created_at)
            VALUES (\(bind: UUID()), \(bind: userID), \(bind: fileName), \(bind: byteCount), \(bind: now))
            """).run()
    }
}
