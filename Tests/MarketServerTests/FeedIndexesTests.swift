import Fluent
import MarketCore
@testable import MarketServer
import SQLKit
import Testing

@Suite("Listings: the feed's indexes")
struct FeedIndexesTests {
    @Test("every category has its own pair of feed indexes in the database")
    func everyCategoryHasItsIndexes() async throws {
        try await withTestApp { app in
            let sql = app.db.sql
            let query: SQLQueryString = app.db.isPostgres
                ? "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'listings'"
                : "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'listings'"
            let present = Set(try await sql.raw(query).all().map { try $0.decode(column: "name", as: String.self) })

            for category in ListingCategory.allCases {
                let indexes = FeedIndexes.category(category)
                #expect(present.contains(indexes.byAge), "no \(indexes.byAge): add a migration that creates it")
                #expect(present.contains(indexes.byPrice), "no \(indexes.byPrice): add a migration that creates it")
                if app.db.isPostgres, let walk = indexes.activeBySeq {
                    #expect(present.contains(walk), "no \(walk): add a migration that creates it")
                }
            }
        }
    }

    @Test("one category walks its own indexes; several, or none, walk the whole feed's")
    func choice() {
        #expect(FeedIndexes(categoryMask: nil) == .all)
        #expect(FeedIndexes(categoryMask: ListingCategory.notes.bit) == .category(.notes))
        #expect(FeedIndexes(categoryMask: ListingCategory.mask([.notes, .toys])) == .all)
        #expect(FeedIndexes.category(.homeAppliances).activeBySeq == "ix_listings_home_appliances_active")
        #expect(FeedIndexes.all.activeBySeq == nil)
        // A search walks a category's own active listings only when it asks for active ones.
        #expect(SearchPlan.walksCategory(SearchCriteria(text: "lamp", categories: [.furniture])))
        #expect(!SearchPlan.walksCategory(SearchCriteria(text: "lamp", categories: [.furniture, .toys])))
        #expect(!SearchPlan.walksCategory(SearchCriteria(text: "lamp")))
    }
}
