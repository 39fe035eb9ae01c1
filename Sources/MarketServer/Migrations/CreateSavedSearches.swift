import Fluent
import SQLKit

/// Saved searches, their words as an index (a new listing probes only the searches that share a
/// word or a category with it, never all of them), and which listing each search was told of,
/// once (a primary key, so two edits at once cannot tell twice).
struct CreateSavedSearches: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("saved_searches")
            .sequenceKey(on: database, uniqueIDName: "uq_saved_searches_id")
            .field("user_id", .uuid, .required, .references(UserRecord.schema, "id", onDelete: .cascade))
            .field("name", .string, .required)
            .field("query", .string, .required)  // the ListingQuery, as JSON
            .field("created_at", .datetime, .required)
            .create()
        try await database.sql.create(index: "ix_saved_searches_user").on("saved_searches").column("user_id").column("seq").run()
        try await database.schema("saved_search_terms")
            .field("term", .string, .required)
            .field("saved_search_id", .uuid, .required)
            .compositeIdentifier(over: "term", "saved_search_id")
            .create()
        try await database.sql.create(index: "ix_saved_search_terms_search").on("saved_search_terms").column("saved_search_id").run()
        try await database.schema("saved_search_hits")
            .field("saved_search_id", .uuid, .required)
            .field("listing_id", .uuid, .required, .references(ListingRecord.schema, "id", onDelete: .cascade))
            .compositeIdentifier(over: "saved_search_id", "listing_id")
            .create()
    }

    func revert(on database: any Database) async throws {
        for table in ["saved_search_hits", "saved_search_terms", "saved_searches"] { try await database.schema(table).delete() }
    }
}
