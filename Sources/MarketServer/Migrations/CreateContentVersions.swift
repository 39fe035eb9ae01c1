import Fluent
import SQLKit

/// `content_versions`: a number that grows with every committed write to what the feed, search
/// and listing pages show, kept by triggers, so a conditional request (`If-None-Match`) is
/// answered 304 from one small read, without reading or rendering the page (`ContentVersion`).
///
/// The number is the sum of a few rows: on PostgreSQL each backend bumps the row of its process
/// id modulo `shards`, so concurrent writers (two purchases of different listings) never wait for
/// one another on it, and being transactional a write counts from the moment its commit is seen.
/// SQLite has one writer at a time, and bumps row 0.
struct CreateContentVersions: AsyncMigration {
    static let shards = 64

    /// What the pages show: listings, their photos, sellers (the columns a page shows or a
    /// visibility rule reads), reviews (a seller's rating), orders (a rental's booked periods, a
    /// book's last sold price), favorites (saved by N, a viewer's hearts), blocks (a viewer's feed).
    static let watched: [(table: String, columns: [String]?)] = [
        ("listings", nil), ("listing_photos", nil), ("reviews", nil), ("orders", nil), ("favorites", nil), ("user_blocks", nil),
        ("users", ["name", "username", "contact_kind", "contact_value", "campus", "campus_email", "campus_verified_at",
                   "suspended_at", "deleted_at"]),
    ]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        try await sql.raw("CREATE TABLE content_versions (shard INTEGER PRIMARY KEY, version BIGINT NOT NULL)").run()
        let shards = database.isPostgres ? Self.shards : 1
        for shard in 0..<shards {
            try await sql.raw("INSERT INTO content_versions (shard, version) VALUES (\(literal: shard), 0)").run()
        }
        if database.isPostgres {
            try await sql.raw("""
                CREATE FUNCTION bump_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
                BEGIN
                  UPDATE content_versions SET version = version + 1 WHERE shard = pg_backend_pid() % \(unsafeRaw: String(Self.shards));
                  RETURN NULL;
                END $$
                """).run()
        }
        for (table, columns) in Self.watched { try await Self.watch(table, columns: columns, on: database) }
    }

    /// The triggers that bump the version on a write to `table` (to `columns` of it, if named).
    /// A later migration that adds columns a page shows watches them by calling this again,
    /// after `unwatch`.
    static func watch(_ table: String, columns: [String]?, on database: any Database) async throws {
        let sql = database.sql
        if database.isPostgres {
            let events = columns.map { "INSERT OR DELETE OR UPDATE OF \($0.joined(separator: ", "))" } ?? "INSERT OR UPDATE OR DELETE"
            try await sql.raw("""
                CREATE TRIGGER \(unsafeRaw: table)_content_version AFTER \(unsafeRaw: events) ON \(unsafeRaw: table)
                FOR EACH STATEMENT EXECUTE FUNCTION bump_content_version()
                """).run()
        } else {
            for event in ["INSERT", "DELETE", columns.map { "UPDATE OF \($0.joined(separator: ", "))" } ?? "UPDATE"] {
                try await sql.raw("""
                    CREATE TRIGGER \(unsafeRaw: table)_content_version_\(unsafeRaw: String(event.prefix(6)).lowercased()) AFTER \(unsafeRaw: event) ON \(unsafeRaw: table)
                    BEGIN UPDATE content_versions SET version = version + 1 WHERE shard = 0; END
                    """).run()
            }
        }
    }

    static func unwatch(_ table: String, on database: any Database) async throws {
        let sql = database.sql
        if database.isPostgres {
            try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: table)_content_version ON \(unsafeRaw: table)").run()
        } else {
            for event in ["insert", "delete", "update"] {
                try await sql.raw("DROP TRIGGER IF EXISTS \(unsafeRaw: table)_content_version_\(unsafeRaw: event)").run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        let sql = database.sql
        for (table, _) in Self.watched { try await Self.unwatch(table, on: database) }
        if database.isPostgres { try await sql.raw("DROP FUNCTION IF EXISTS bump_content_version()").run() }
        try await sql.raw("DROP TABLE content_versions").run()
    }
}
