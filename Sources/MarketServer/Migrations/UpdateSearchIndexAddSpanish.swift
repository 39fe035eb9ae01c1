import Fluent
import Foundation
import MarketCore
import SQLKit

/// Search in the listing's language: each listing's `language` (`ListingLanguage`, told from the
/// text of those already listed), a Spanish listing's stems (`title_stems`, `description_stems`,
/// `SpanishTerms`), and the text indexes made anew to read them: SQLite's three FTS5 tables and
/// their triggers; PostgreSQL's two vectors, which now also fold accents as SQLite does
/// (`AccentFolding`), and `listing_terms` filled again from them, its trigger watching the stems.
/// Saved searches are indexed again (their words are folded now, and have Spanish stems). One
/// transaction: another instance's write waits for it, then is indexed by the new triggers.
struct UpdateSearchIndexAddSpanish: AsyncMigration {
    static let index = SearchIndex(options: previous.options, facets: previous.facets, spanish: true)
    static let previous = UpdateSearchIndexLongerPrefixes.index

    func prepare(on database: any Database) async throws {
        try await database.transaction { db in
            let sql = db.sql
            try await sql.raw("ALTER TABLE listings ADD COLUMN language TEXT NOT NULL DEFAULT 'en'").run()
            for column in SearchIndex.stemColumns { try await sql.raw("ALTER TABLE listings ADD COLUMN \(ident: column) TEXT").run() }
            try await Self.detectLanguages(on: sql)
            // Only the Spanish listings: whether any exists is one probe (`SpanishListings`).
            try await sql.raw("CREATE INDEX ix_listings_spanish ON listings (seq) WHERE language = 'es'").run()
            try await Self.rebuild(from: Self.previous, to: Self.index, on: db)
            try await UpdateSavedSearchTermsToStems.reindex(on: db)
        }
    }

    func revert(on database: any Database) async throws {
        try await database.transaction { db in
            try await Self.rebuild(from: Self.index, to: Self.previous, on: db)
            try await db.sql.raw("DROP INDEX ix_listings_spanish").run()
            for column in ["language"] + SearchIndex.stemColumns { try await db.sql.raw("ALTER TABLE listings DROP COLUMN \(ident: column)").run() }
        }
    }

    /// The listings written in Spanish, told from their text, marked so with their stems; the
    /// others stay English. In batches of 1,000, by `seq`.
    private static func detectLanguages(on sql: any SQLDatabase) async throws {
        var after: Int64 = 0
        while true {
            let rows = try await sql.raw("""
                SELECT seq, title, description, author FROM listings WHERE seq > \(bind: after) ORDER BY seq LIMIT 1000
                """).all()
            guard let last = rows.last else { return }
            for row in rows {
                let (title, description) = (try row.decode(column: "title", as: String.self), try row.decode(column: "description", as: String.self))
                guard ListingLanguage.detect(title + "\n" + description) == .spanish else { continue }
                let author = try row.decode(column: "author", as: String?.self) ?? ""
                try await sql.raw("""
                    UPDATE listings SET language = 'es', title_stems = \(bind: SpanishTerms.stems(of: [title, author])),
                    description_stems = \(bind: SpanishTerms.stems(of: [description])) WHERE seq = \(bind: try row.decode(column: "seq", as: Int64.self))
                    """).run()
            }
            after = try last.decode(column: "seq", as: Int64.self)
        }
    }

    /// The text indexes as `old` made them, dropped, and made as `new` makes them.
    private static func rebuild(from old: SearchIndex, to new: SearchIndex, on db: any Database) async throws {
        let sql = db.sql
        guard db.isPostgres else {
            try await CreatePricedSearchIndex().revert(on: db)  // its triggers name the facet column `old.drop` removes
            try await old.drop(on: sql)
            try await new.create(on: sql)
            try await CreatePricedSearchIndex.create(new, on: sql)
            return
        }
        try await old.dropPrimaryVector(on: sql)
        try await old.drop(on: sql)
        try await new.create(on: sql)
        try await new.createPrimaryVector(on: sql)
        // `listing_terms` follows a listing's words: its trigger watches the columns they come from.
        try await sql.raw("DROP TRIGGER listing_terms_follow ON listings").run()
        try await sql.raw(CreateListingTerms.followTrigger(watching: new.indexedText + ["sort_price_cents"])).run()
        try await UpdateListingTermsAddAge.fill(on: sql)
    }
}
