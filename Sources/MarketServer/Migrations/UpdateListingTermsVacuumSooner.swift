import Fluent
import SQLKit

/// PostgreSQL: `listing_terms` is vacuumed after every 20,000 new entries (about 1,400 listings)
/// rather than after a fifth of the table, so a new listing's entries soon read from the index
/// alone.
///
/// Why: a text search walks a word's newest entries first (`ListingTerms.edge`), by an index-only
/// scan, which must visit the table for each entry on a page not yet marked all-visible, and only
/// a vacuum marks them. By default an insert-only table is vacuumed once a fifth of it is new:
/// 2.8M entries, about 200,000 listings at 1M, the newest, which every walk reads first. At 1M
/// listings a filtered search's window edge took 0.42–0.54 ms with the newest 2% of pages
/// unmarked and 0.15 ms with none; its page statement about 0.25 ms more. A vacuum of new pages
/// reads only those (the visibility map skips the rest).
struct UpdateListingTermsVacuumSooner: AsyncMigration {
    func prepare(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.sql.raw("""
            ALTER TABLE listing_terms SET (autovacuum_vacuum_insert_threshold = 20000, autovacuum_vacuum_insert_scale_factor = 0)
            """).run()
    }

    func revert(on database: any Database) async throws {
        guard database.isPostgres else { return }
        try await database.sql.raw("""
            ALTER TABLE listing_terms RESET (autovacuum_vacuum_insert_threshold, autovacuum_vacuum_insert_scale_factor)
            """).run()
    }
}
