import Fluent
import SQLKit

/// `pending_sign_ups`: sign-ups waiting for their mailed link (`SignUpLinks`). The password is
/// kept only as its hash, the link only as its token's hash; a used or expired row creates nothing.
struct CreatePendingSignUps: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("pending_sign_ups")
            .id()
            .field("email", .string, .required)
            .field("name", .string, .required)
            .field("username", .string)
            .field("password_hash", .string, .required)
            .field("token_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("failed_attempts", .int, .required, .sql(.default(0)))
            .unique(on: "token_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("pending_sign_ups").delete()
    }
}
