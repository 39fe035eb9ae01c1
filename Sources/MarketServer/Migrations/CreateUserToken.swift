import Fluent
import SQLKit

struct CreateUserToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserTokenRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_user_tokens_hash")
            .create()
        // Revoking every token of a user (password change, account deletion) looks up by user.
        try await database.sql.create(index: "ix_user_tokens_user")
            .on(UserTokenRecord.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserTokenRecord.schema).delete()
    }
}
