import Fluent
import SQLKit

/// Verified campuses, reports, moderation and reviews:
/// - users gain their confirmed campus address, roles and suspension (their free-text `campus`
///   column is no longer read: the campus comes from the address, `TrustPolicy`);
/// - `email_verifications`: single-use links, stored hashed, like password resets;
/// - `reports`: one open report per reporter and subject (a partial unique index, so a repeat
///   cannot slip in between a check and an insert);
/// - `audit_log`: append-only; triggers refuse UPDATE and DELETE on both databases;
/// - `reviews`: one per order and author, enforced by a unique index.
struct CreateTrustAndSafety: AsyncMigration {
    static let userColumns: [(String, DatabaseSchema.DataType)] = [
        ("campus_email", .string), ("campus_verified_at", .datetime), ("roles", .string), ("suspended_at", .datetime), ("suspension_reason", .string),
    ]

    func prepare(on database: any Database) async throws {
        // One column per statement: SQLite's ALTER TABLE adds one at a time.
        for (name, type) in Self.userColumns {
            try await database.schema(UserRecord.schema).field(.init(stringLiteral: name), type).update()
        }
        // One address verifies one account: a student cannot vouch for several.
        try await database.sql.raw("""
            CREATE UNIQUE INDEX uq_users_campus_email ON users (campus_email) WHERE campus_verified_at IS NOT NULL
            """).run()
        try await database.schema(EmailVerificationRecord.schema)
            .id()
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("email", .string, .required)
            .field("token_hash", .string, .required)
            .field("expires_at", .datetime, .required)
            .field("used_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "token_hash", name: "uq_email_verifications_hash")
            .create()
        try await database.sql.create(index: "ix_email_verifications_user").on(EmailVerificationRecord.schema)
            .column("user_id").column("created_at").run()

        try await database.schema(ReportRecord.schema)
            .id()
            .field("reporter_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("subject_kind", .string, .required)
            .field("subject_id", .uuid, .required)
            .field("subject_owner_id", .uuid)
            .field("reason", .string, .required)
            .field("details", .string)
            .field("status", .string, .required)
            .field("reporter_verified", .bool, .required)
            .field("created_at", .datetime, .required)
            .field("decided_at", .datetime)
            .field("decided_by", .uuid)
            .field("decision", .string)
            .create()
        try await database.sql.raw("""
            CREATE UNIQUE INDEX uq_reports_open ON reports (reporter_id, subject_kind, subject_id) WHERE status = 'open'
            """).run()
        try await database.sql.create(index: "ix_reports_subject").on(ReportRecord.schema)
            .column("subject_kind").column("subject_id").column("status").run()
        try await database.sql.create(index: "ix_reports_status").on(ReportRecord.schema).column("status").column("created_at").run()

        // Newest first by `seq`, the order entries were written: a time round-tripped through a
        // cursor can come back an ulp off on SQLite (a REAL of seconds since 1970, read into a
        // Date counted from 2001), and a page would then repeat or skip a row.
        try await database.schema(AuditLogRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_audit_log_id")
            .field("actor_id", .uuid)
            .field("actor_name", .string, .required)
            .field("action", .string, .required)
            .field("subject_kind", .string, .required)
            .field("subject_id", .uuid)
            .field("note", .string)
            .field("created_at", .datetime, .required)
            .create()
        try await appendOnly(AuditLogRecord.schema, on: database)

        try await database.schema(ReviewRecord.schema)
            .sequenceKey(on: database, uniqueIDName: "uq_reviews_id")
            .field("order_id", .uuid, .required, .references(OrderRecord.schema, "id"))
            .field("author_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("subject_id", .uuid, .required, .references(UserRecord.schema, "id"))
            .field("rating", .int, .required)
            .field("text", .string)
            .field("reply", .string)
            .field("replied_at", .datetime)
            .field("created_at", .datetime, .required)
            .unique(on: "order_id", "author_id", name: "uq_reviews_order_author")
            .create()
        try await database.sql.create(index: "ix_reviews_subject").on(ReviewRecord.schema).column("subject_id").column("seq").run()
    }

    /// Refuses every UPDATE and DELETE of `table`, so a log entry stays as written.
    private func appendOnly(_ table: String, on database: any Database) async throws {
        if database.isPostgres {
            try await database.sql.raw("""
                CREATE FUNCTION refuse_audit_change() RETURNS trigger AS $$
                BEGIN RAISE EXCEPTION 'the audit log is append-only'; END $$ LANGUAGE plpgsql
                """).run()
            try await database.sql.raw("""
                CREATE TRIGGER \(unsafeRaw: table)_append_only BEFORE UPDATE OR DELETE ON \(unsafeRaw: table)
                FOR EACH ROW EXECUTE FUNCTION refuse_audit_change()
                """).run()
        } else {
            for event in ["UPDATE", "DELETE"] {
                try await database.sql.raw("""
                    CREATE TRIGGER \(unsafeRaw: table)_no_\(unsafeRaw: event.lowercased()) BEFORE \(unsafeRaw: event) ON \(unsafeRaw: table)
                    BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END
                    """).run()
            }
        }
    }

    func revert(on database: any Database) async throws {
        try await database.schema(ReviewRecord.schema).delete()
        try await database.schema(AuditLogRecord.schema).delete()
        if database.isPostgres { try await database.sql.raw("DROP FUNCTION IF EXISTS refuse_audit_change()").run() }
        try await database.schema(ReportRecord.schema).delete()
        // One address verifies one account: a student cannot vouch for several.
        try await database.sql.raw("""
            CREATE UNIQUE INDEX uq_users_campus_email ON users (campus_email) WHERE campus_verified_at IS NOT NULL
            """).run()
        try await database.schema(EmailVerificationRecord.schema).delete()
        for (name, _) in Self.userColumns {
            try await database.schema(UserRecord.schema).deleteField(.init(stringLiteral: name)).update()
        }
    }
}
