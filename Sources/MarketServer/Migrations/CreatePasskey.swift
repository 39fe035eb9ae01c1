import Fluent
import SQLKit

/// Passkeys (WebAuthn credentials) of accounts, and the single-use challenges of the ceremonies.
struct CreatePasskey: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PasskeyRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("credential_id", .string, .required)
            .field("public_key", .data, .required)
            .field("algorithm", .int, .required)
            .field("sign_count", .int64, .required)
            .field("name", .string, .required)
            .field("transports", .string, .required)
            .field("created_at", .datetime, .required)
            .field("last_used_at", .datetime)
            .unique(on: "credential_id", name: "uq_passkeys_credential_id")
            .create()
        try await database.sql.create(index: "idx_passkeys_user").on(PasskeyRecord.schema).column("user_id").run()
        try await database.schema(PasskeyChallengeRecord.schema)
            .id()
            .field("challenge", .string, .required)
            .field("purpose", .string, .required)
            .field("user_id", .uuid)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .unique(on: "challenge", name: "uq_passkey_challenges_challenge")
            .create()
        // Sign-in options are open to anyone: expired challenges are swept by this index.
        try await database.sql.create(index: "idx_passkey_challenges_expiry").on(PasskeyChallengeRecord.schema).column("expires_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasskeyChallengeRecord.schema).delete()
        try await database.schema(PasskeyRecord.schema).delete()
    }
}
