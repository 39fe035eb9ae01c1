import Fluent
import SQLKit

/// `photo_uploads`: who stored which photo when, and how big: an account's uploads in the last
/// hour, and its photos not on any listing yet, are limited (`PhotoQuota`). Rows older than a
/// day are pruned as new ones come.
struct CreatePhotoUploads: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("photo_uploads")
            .id()
            .field("user_id", .uuid, .required)
            .field("file_name", .string, .required)
            .field("byte_count", .int64, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.raw("CREATE INDEX ix_photo_uploads_user_time ON photo_uploads (user_id, created_at)").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("photo_uploads").delete()
    }
}
