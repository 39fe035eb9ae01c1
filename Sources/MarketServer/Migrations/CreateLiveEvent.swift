import Fluent
import SQLKit

/// The events `GET /api/v1/events` streams, kept for `settings.eventRetention` so a client
/// that reconnects with `Last-Event-ID` gets what it missed. `seq` is the SSE id: it must
/// never be reused, so on SQLite it is AUTOINCREMENT (a plain rowid restarts after the sweep
/// empties the table) and on PostgreSQL an identity.
struct CreateLiveEvent: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("live_events")
            .field("seq", .custom(database.isPostgres ? "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT"))
            .field("user_id", .uuid, .required)
            .field("kind", .string, .required)
            .field("payload", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_live_events_user").on("live_events").column("user_id").column("seq").run()
        try await database.sql.create(index: "ix_live_events_created").on("live_events").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("live_events").delete()
    }
}
