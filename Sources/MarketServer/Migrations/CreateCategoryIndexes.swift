import Fluent
import MarketCore
import SQLKit

/// Each category's own pair of feed indexes (why: `FeedIndexes`): partial indexes over the
/// listings whose `category_mask` has the category's bit, by age and by price.
struct CreateCategoryIndexes: AsyncMigration {
    /// The categories as this migration shipped; a category added later gets its pair from a
    /// migration of its own.
    static let categories: [ListingCategory] = [
        .textbooks, .notes, .furniture, .electronics, .homeAppliances,
        .sportingGoods, .outdoor, .toys, .clothing, .other,
    ]

    func prepare(on database: any Database) async throws {
        let sql = database.sql
        for category in Self.categories {
            let indexes = FeedIndexes.category(category)
            let condition = FeedIndexes.categoryCondition(category.bit)
            try await sql.raw("CREATE INDEX \(ident: indexes.byAge) ON listings (status, seq) WHERE \(condition)").run()
            try await sql.raw("CREATE INDEX \(ident: indexes.byPrice) ON listings (status, sort_price_cents, seq) WHERE \(condition)").run()
        }
    }

    func revert(on database: any Database) async throws {
        for category in Self.categories {
            let indexes = FeedIndexes.category(category)
            for index in [indexes.byAge, indexes.byPrice] {
                try await database.sql.raw("DROP INDEX IF EXISTS \(ident: index)").run()
            }
        }
    }
}
