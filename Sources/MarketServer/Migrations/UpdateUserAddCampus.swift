import Fluent

/// Listings take their campus from the seller; existing accounts get their email's domain.
struct UpdateUserAddCampus: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).field("campus", .string).update()
        for user in try await UserRecord.query(on: database).all() where user.campus == nil {
            user.campus = UserRecord.defaultCampus(forEmail: user.email)
            try await user.save(on: database)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).deleteField("campus").update()
    }
}
