import Fluent
import SQLKit

/// Requests sent with an `Idempotency-Key` (`IdempotencyMiddleware`): whose key, a digest of what
/// was asked, which attempt holds it and until when, whether its writes committed, and the
/// answer to give a repeat. Kept a day (`Job.idempotencyExpiry`).
struct CreateIdempotentRequests: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("idempotent_requests")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("key", .string, .required)
            .field("request_hash", .string, .required)
            .field("claim", .uuid, .required)           // the attempt that holds the key
            .field("locked_until", .datetime, .required) // after which a repeat may take it over, if nothing committed
            .field("applied_at", .datetime)             // set in the transaction of the request's writes
            .field("status", .int)                      // the answer, once given
            .field("headers", .string)                  // its headers a repeat needs, as JSON
            .field("body", .data)
            .field("created_at", .datetime, .required)
            .compositeIdentifier(over: "user_id", "key")
            .create()
        try await database.sql.create(index: "ix_idempotent_requests_created").on("idempotent_requests").column("created_at").run()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("idempotent_requests").delete()
    }
}
