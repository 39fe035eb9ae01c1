import Fluent
import SQLKit

/// Course pages and the course finder read listings by their course code (a prefix range).
struct CreateCourseIndex: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.sql.create(index: "ix_listings_course").on(ListingRecord.schema).column("course_code").run()
    }

    func revert(on database: any Database) async throws {
        try await database.sql.drop(index: "ix_listings_course").run()
    }
}
