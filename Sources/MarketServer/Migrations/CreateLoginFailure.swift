import Fluent
import SQLKit

struct CreateLoginFailure: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema(LoginFailureRecord.schema)
            .id()
            .field("account_key", .string, .required)
            .field("client_address", .string, .required)
            .field("failed_at", .datetime, .required)
            .create()
        let sql = database.sql
        // The throttle counts recent failures per account and per address; pruning scans by time.
        try await sql.create(index: "ix_login_failures_account").on(LoginFailureRecord.schema).column("account_key").column("failed_at").run()
        try await sql.create(index: "ix_login_failures_address").on(LoginFailureRecord.schema).column("client_address").column("failed_at").run()
        try await sql.create(index: "ix_login_failures_time").on(LoginFailureRecord.schema).column("failed_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema(LoginFailureRecord.schema).delete()
    }
}
