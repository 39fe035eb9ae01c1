import Foundation
import Fluent
import SQLKit

/// Listings take their campus from the seller; existing accounts get their email's domain.
/// (Since `CreateTrustAndSafety` the users' column is no longer read: a campus comes from a
/// verified address. Written in SQL so that it keeps working as the model moves on.)
struct UpdateUserAddCampus: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).field("campus", .string).update()
        let users = try await database.sql.raw("SELECT id, email FROM users WHERE campus IS NULL").all()
        for user in users {
            let email = try user.decode(column: "email", as: String.self)
            guard let domain = email.split(separator: "@").last.map(String.init) else { continue }
            try await database.sql.raw("UPDATE users SET campus = \(bind: domain) WHERE id = \(bind: try user.decode(column: "id", as: UUID.self))").run()
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(UserRecord.schema).deleteField("campus").update()
    }
}
