import Fluent
import SQLKit

/// Sign in with Apple: accounts keyed by Apple's `sub`, and the single-use nonces identity
/// tokens must carry.
struct CreateAppleSignIn: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).field("apple_subject", .string).update()
        // Unique among linked accounts; many accounts have none (NULLs do not collide).
        try await database.sql.create(index: "uq_users_apple_subject").unique().on(UserRecord.schema).column("apple_subject").run()
        try await database.schema(AppleNonceRecord.schema)
            .id()
            .field("nonce_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .unique(on: "nonce_hash", name: "uq_apple_nonces_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppleNonceRecord.schema).delete()
        try await database.sql.drop(index: "uq_users_apple_subject").run()
        try await database.schema(UserRecord.schema).deleteField("apple_subject").update()
    }
}
