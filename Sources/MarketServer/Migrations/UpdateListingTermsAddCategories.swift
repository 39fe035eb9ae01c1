import Fluent
import MarketCore
import SQLKit

/// PostgreSQL: each `listing_terms` entry carries its listing's `category_mask`, and each
/// category has a B-tree of its own listings' entries, keyed (term, mark, seq) like
/// `ix_listing_terms_age` (`ListingTerms.category`): a text search in one category, newest first
/// or by relevance, walks only that category's listings of the word.
///
/// Why: such a search walked the category's newest listings checking each, then the word's
/// listings of every category checking each one's category on its row, then read the rest by
/// the text index's matches. A common word a category never has cost the most: `q=desk` in
/// clothing spent 16 of its 28 ms in one statement at 1M listings, for an empty page. The
/// trigger now also follows a listing's categories; the table is filled again in one
/// transaction, as `UpdateListingTermsAddAge` did.
struct UpdateListingTermsAddCategories: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            let sql = database.sql
            try await sql.raw("ALTER TABLE listing_terms ADD COLUMN category_mask bigint NOT NULL DEFAULT 0").run()
            try await Self.follow(withCategories: true, on: sql)
            try await UpdateListingTermsAddAge.fill(on: sql, withCategories: true)
        }
    }

    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.transaction { database in
            let sql = database.sql
            for category in ListingCategory.allCases {
                try await sql.raw("DROP INDEX IF EXISTS \(ident: ListingTerms.index(category))").run()
            }
            try await Self.follow(withCategories: false, on: sql)
            try await sql.raw("ALTER TABLE listing_terms DROP COLUMN category_mask").run()
        }
    }

    /// `listing_terms_follow` (`UpdateListingTermsAddAge.follow`) and its trigger, which watches
    /// the columns the entries come from: the text, the price and, `withCategories`, the categories.
    private static func follow(withCategories: Bool, on sql: any SQLDatabase) async throws {
        try await sql.raw(UpdateListingTermsAddAge.follow(withCategories: withCategories)).run()
        let watched = SearchIndex.current.indexedText + ["sort_price_cents"] + (withCategories ? ["category_mask"] : [])
        try await sql.raw("DROP TRIGGER listing_terms_follow ON listings").run()
        try await sql.raw(CreateListingTerms.followTrigger(watching: watched)).run()
    }
}
