import Fluent

struct CreateAPIKey: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(APIKeyRecord.schema)
            .id()
            .field("name", .string, .required)
            .field("key_hash", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "name", name: "uq_api_keys_name")
            .unique(on: "key_hash", name: "uq_api_keys_hash")
            .create()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(APIKeyRecord.schema).delete()
    }
}
