import Fluent
import MarketCore
import SQLKit

/// The full-text index also holds each listing's categories, condition, offers and price band as words
/// (why: `SearchFacet`). PostgreSQL's generated `search_vector` is made anew with them (the
/// table is rewritten); SQLite gains a generated `search_facets` column that FTS5 indexes
/// beside the text, and its triggers re-index a listing when one of those filters changes
/// (`SearchIndex`).
struct UpdateSearchIndexAddFacets: AsyncMigration {
    /// The facets as this migration shipped (categories as `CreateCategoryIndexes` shipped them):
    /// a category, condition or offer added later, or bands cut anew, need a migration that
    /// writes the words again.
    static let facets: [SearchFacet] = CreateCategoryIndexes.categories.map(SearchFacet.category)
        + [.new, .likeNew, .good, .fair, .poor].map(SearchFacet.condition)
        + [.buy, .rent, .trade].map(SearchFacet.offer)
        + SearchFacet.priceBands.map(SearchFacet.priceBand)

    static let index = SearchIndex(options: UpdateSearchIndexAddPrefixes.index.options, facets: facets)

    func prepare(on database: any Database) async throws {
        try await UpdateSearchIndexAddPrefixes.index.drop(on: database.sql)
        try await Self.index.create(on: database.sql)
    }

    func revert(on database: any Database) async throws {
        try await Self.index.drop(on: database.sql)
        try await UpdateSearchIndexAddPrefixes.index.create(on: database.sql)
    }
}
