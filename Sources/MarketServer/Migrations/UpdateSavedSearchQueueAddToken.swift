import Fluent
import SQLKit

/// `saved_search_queue.token`, new each time a listing is queued (again): a matching round drops
/// the row only if it still holds the token the round read, so an edit that lands while a round
/// matches the listing as it was is matched again, not lost. A random token, not a counter: a
/// row dropped and queued anew must not look like the one a slower round read.
struct UpdateSavedSearchQueueAddToken: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("saved_search_queue").field("token", .uuid).update()
    }

    func revert(on database: any Database) async throws {
        try await database.schema("saved_search_queue").deleteField("token").update()
    }
}
