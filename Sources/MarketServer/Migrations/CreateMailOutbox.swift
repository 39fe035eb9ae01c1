import Fluent
import SQLKit

struct CreateMailOutbox: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema)
            .id()
            .field("to_address", .string, .required)
            .field("subject", .string, .required)
            .field("body", .string, .required)
            .field("attempts", .int, .required)
            .field("next_attempt_at", .datetime, .required)
            .field("claimed_until", .datetime)
            .field("last_error", .string)
            .field("failed_at", .datetime)
            .field("created_at", .datetime, .required)
            .create()
        // The sender looks for the next mail due.
        try await database.sql.create(index: "ix_mail_outbox_due").on(MailOutboxRecord.schema).column("next_attempt_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(MailOutboxRecord.schema).delete()
    }
}
