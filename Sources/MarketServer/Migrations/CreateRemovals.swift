import Fluent
import SQLKit

/// What left an account's lists and so leaves no row to change: a listing deleted (for its
/// seller and those who saved it), a listing no longer saved. `GET /me/changes` reads them
/// beside the rows that changed (`AccountChanges`); kept 30 days (`Job.removalRetention`).
struct CreateRemovals: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("removals")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("kind", .string, .required)        // an `AccountChange.Kind`
            .field("subject_id", .uuid, .required)
            .field("removed_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_removals_user_time").on("removals").column("user_id").column("removed_at").run()
        try await database.sql.create(index: "ix_removals_time").on("removals").column("removed_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("removals").delete()
    }
}
