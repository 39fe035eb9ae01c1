import Fluent

struct CreateUser: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema)
            .id()
            .field("email", .string, .required)
            .field("username", .string)
            .field("name", .string, .required)
            .field("password_hash", .string)
            .field("contact_kind", .string)
            .field("contact_value", .string)
            .field("created_at", .datetime, .required)
            .field("updated_at", .datetime)
            .field("deleted_at", .datetime)
            .unique(on: "email", name: "uq_users_email")
            .unique(on: "username", name: "uq_users_username")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).delete()
    }
}
