import Fluent
import MarketCore
import SQLKit

/// PostgreSQL: each category's active listings by `seq` alone (`FeedIndexes.activeBySeq`), for a
/// text search's walk window newest first in one category (`ListingSearch.windowEdge`).
///
/// Why: the window walked every listing of its range through the primary key and read each
/// from the table, then dropped those of other categories: `q=calculus` in textbooks read 2,000
/// listings for 9 matches (1.7 ms at 1M listings), 496 through the category's own listings
/// (0.74–0.87 ms). The category's feed index (`status, seq`) holds them too, but PostgreSQL's plan
/// for every value never walks it: it leads with `status`, whose order is not the table's, so its
/// reads are costed as random ones. Led by `seq`, the table's own order, with the status in the
/// predicate, the plan takes it once the status is written in (`SearchPlan.walksCategory`).
/// About 2 s a category at 1M listings. SQLite's walks read the text index, not these.
struct CreateCategoryWalkIndexes: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        for category in CreateCategoryIndexes.categories {
            guard let index = FeedIndexes.category(category).activeBySeq else { continue }
            try await database.sql.raw("""
                CREATE INDEX \(ident: index) ON listings (seq)
                WHERE status = \(literal: ListingStatus.active.rawValue) AND \(FeedIndexes.categoryCondition(category.bit))
                """).run()
        }
    }

    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        for category in CreateCategoryIndexes.categories {
            guard let index = FeedIndexes.category(category).activeBySeq else { continue }
            try await database.sql.raw("DROP INDEX IF EXISTS \(ident: index)").run()
        }
    }
}
