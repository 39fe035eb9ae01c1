import Fluent
import SQLKit

/// PostgreSQL: `primary_vector`, the words of the title, author, ISBN and course code and the
/// facets, with a GIN index of its own, so the relevance's first tier is answered by an index
/// instead of rechecking every listing that has the words anywhere (why: `SearchIndex`). The
/// table is rewritten. SQLite needs nothing: FTS5's column filter reads those columns exactly.
/// It holds the facets as `UpdateSearchIndexAddFacets` shipped them: a migration that writes the
/// facet words anew must write them in both vectors.
struct UpdateSearchIndexAddPrimaryVector: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await UpdateSearchIndexAddFacets.index.createPrimaryVector(on: database.sql)
    }

    func revert(on database: any Database) async throws {
        try await UpdateSearchIndexAddFacets.index.dropPrimaryVector(on: database.sql)
    }
}
