import Fluent

/// Listings take their campus from the seller; existing accounts get their email's domain.
struct UpdateUserAddCampus: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).field("campus", .string).update()
        // Only the columns this migration knows: the model gains columns in later migrations.
        let users = try await UserRecord.query(on: database).field(\.$id).field(\.$email).filter(\.$campus == nil).all()
        for user in users {
            try await UserRecord.query(on: database).filter(\.$id == user.requireID())
                .set(\.$campus, to: UserRecord.defaultCampus(forEmail: user.email)).update()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).deleteField("campus").update()
    }
}
