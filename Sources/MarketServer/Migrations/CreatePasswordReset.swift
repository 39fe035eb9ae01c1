import Fluent

struct CreatePasswordReset: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(PasswordResetRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_password_resets_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(PasswordResetRecord.schema).delete()
    }
}
