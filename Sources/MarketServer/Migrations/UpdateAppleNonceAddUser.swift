import Fluent

/// apple_nonces.user_id: the account a web "link Apple" flow started from.
struct UpdateAppleNonceAddUser: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(AppleNonceRecord.schema).field("user_id", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(AppleNonceRecord.schema).deleteField("user_id").update()
    }
}
