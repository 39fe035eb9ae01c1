import Fluent
import SQLKit

struct CreateUserToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserToken.schema)
            .id()
            .field("user_id", .uuid, .required, .references(User.schema, "id", onDelete: .cascade))
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_user_tokens_hash")
            .create()
        // Revoking every token of a user (password change, account deletion) looks up by user.
        try await (database as! any SQLDatabase).create(index: "ix_user_tokens_user")
            .on(UserToken.schema).column("user_id").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserToken.schema).delete()
    }
}
