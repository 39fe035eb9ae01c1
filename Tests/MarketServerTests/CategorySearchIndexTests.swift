import FluentSQL
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listings: a word in one category (SQLite's category_fts)")
struct CategorySearchIndexTests {
    @Test("category_fts holds each listing's words once per category, the primary fields' apart, through edits, category changes, sales and deletions")
    func followsWrites() async throws {
        try await withTestApp { app in
            guard !TestDatabase.isPostgres else { return }  // SQLite's index; PostgreSQL has none
            let seller = try await app.register(), buyer = try await app.register()
            let tent = try await app.createListing(.sample("Dome tent", description: "Sleeps two", categories: ["outdoor", "sporting_goods"]),
                                                   token: seller.token)
            let lamp = try await app.createListing(.sample("Desk lamp", description: "Bright"), token: seller.token)
            let sold = try await app.createListing(.sample("Kettle", description: "Fast", categories: ["home_appliances"]), token: seller.token)
            try await expectIndexMatchesListings(app)

            try await app.send(.PUT, "/api/v1/listings/\(lamp.id)", json: ListingInput.sample("Floor lamp", description: "Dim", categories: ["electronics"]),
                               token: seller.token)
            try await app.send(.PUT, "/api/v1/listings/\(tent.id)", json: ListingInput.sample("Dome tent", description: "Sleeps two", categories: ["outdoor"]),
                               token: seller.token)
            #expect(try await app.purchase(sold.id, token: buyer.token).status == .created)
            try await expectIndexMatchesListings(app)
            #expect(try await rows(of: "lamp", app) == [
                CategorySearchIndex.key(.electronics, .primary, seq: try await seq(lamp.id, app)),
                CategorySearchIndex.key(.electronics, .all, seq: try await seq(lamp.id, app)),
            ], "a category change moves the rows")
            #expect(try await rows(of: "dim", app) == [CategorySearchIndex.key(.electronics, .all, seq: try await seq(lamp.id, app))],
                    "a description's words are in the row of all the text only")

            try await app.send(.DELETE, "/api/v1/listings/\(tent.id)", token: seller.token)
            try await expectIndexMatchesListings(app)
            #expect(try await rows(of: "tent", app).isEmpty)
        }
    }

    @Test("a word in one category finds, page by page, what the word and the category find together: its titles first, then its descriptions; none where the category never says it")
    func searchesAgree() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            struct Made { let title: String, description: String, categories: [ListingCategory] }
            var made: [Made] = []
            for n in 0..<24 {
                let categories: [ListingCategory] = [[.furniture], [.outdoor, .sportingGoods], [.textbooks]][n % 3]
                let titles = [["Lightweight chair", "Folding table"], ["Camping stool", "Lightweight tent"], ["Calculus", "Calculus"]][n % 3]
                let title = titles[n % 2] + " \(n)"
                let description = n % 4 < 2 ? "Lightweight and sturdy" : "Barely used"
                try await app.createListing(.sample(title, description: description, categories: categories.map(\.rawValue)), token: seller.token)
                made.append(Made(title: title, description: description, categories: categories))
            }
            func newest(_ keep: (Made) -> Bool) -> [String] { made.filter(keep).map(\.title).reversed() }
            func says(_ word: String, _ text: String) -> Bool { text.lowercased().contains(word) }
            let cases: [(SearchCriteria, expected: [String])] = [
                // By relevance in one category: the titles with the word, then the descriptions only.
                (SearchCriteria(text: "lightweight", categories: [.furniture], sort: .relevance, limit: 2),
                 newest { $0.categories.contains(.furniture) && says("lightweight", $0.title) }
                    + newest { $0.categories.contains(.furniture) && !says("lightweight", $0.title) && says("lightweight", $0.description) }),
                // A listing in two categories is found in each; a prefix longer than the longest
                // prefix index still finds its word.
                (SearchCriteria(text: "lightweigh", categories: [.sportingGoods], sort: .relevance, limit: 3),
                 newest { $0.categories.contains(.sportingGoods) && says("lightweight", $0.title) }
                    + newest { $0.categories.contains(.sportingGoods) && !says("lightweight", $0.title) && says("lightweight", $0.description) }),
                (SearchCriteria(text: "used", categories: [.textbooks], sort: .newest, limit: 2),
                 newest { $0.categories.contains(.textbooks) && says("used", $0.description) }),
                (SearchCriteria(text: "camping", categories: [.outdoor], sort: .relevance, limit: 1),
                 newest { $0.categories.contains(.outdoor) && says("camping", $0.title) }),
                (SearchCriteria(text: "folding", categories: [.furniture], minPriceCents: 1_000, maxPriceCents: 2_000, sort: .relevance, limit: 1),
                 newest { $0.categories.contains(.furniture) && says("folding", $0.title) }),
            ]
            #expect(cases.allSatisfy { $0.expected.count > $0.0.limit }, "each case should span pages")
            try await ListingSearchTests.expectBothPlans(cases, on: app)
            let empty = try await ListingSearch(sql: app.db.sql, now: Date())
                .page(SearchCriteria(text: "camping", categories: [.textbooks], sort: .relevance))
            #expect(empty.listings.isEmpty && empty.next == nil, "a word the category never says finds nothing")
        }
    }

    private func seq(_ id: UUID, _ app: Application) async throws -> Int64 {
        try await app.db.sql.raw("SELECT seq FROM listings WHERE id = \(bind: id)").first()!.decode(column: "seq", as: Int64.self)
    }

    /// The row ids of `category_fts` holding `word`, in order.
    private func rows(of word: String, _ app: Application) async throws -> [Int64] {
        try await app.db.sql.raw("SELECT rowid FROM category_fts WHERE category_fts MATCH \(bind: word) ORDER BY rowid").all()
            .map { try $0.decode(column: "rowid", as: Int64.self) }
    }

    /// Expects `category_fts` to hold, for each listing and each category it is in, the words
    /// `listings_fts` indexed in its primary fields under the row of primary fields, and every
    /// word of its text under the row of all of it, column and position included.
    private func expectIndexMatchesListings(_ app: Application) async throws {
        let sql = app.db.sql
        func rows(_ query: SQLQueryString) async throws -> [String] {
            try await sql.raw(query).all().map { try $0.decode(column: "entry", as: String.self) }
        }
        try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS category_words USING fts5vocab(category_fts, instance)").run()
        try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS listing_words USING fts5vocab(listings_fts, instance)").run()
        let primary = SearchIndex.current.primaryText.map { "'\($0)'" }.joined(separator: ", ")
        let stored = try await rows("SELECT term || ' ' || col || ' ' || \"offset\" || ' ' || doc AS entry FROM category_words ORDER BY 1")
        let derived = try await rows("""
            SELECT v.term || ' ' || v.col || ' ' || v."offset" || ' ' || ((s.column1 << \(literal: Int(CategorySearchIndex.seqBits))) | l.seq) AS entry
            FROM listing_words v JOIN listings l ON l.seq = v.doc, \(unsafeRaw: CategorySearchIndex.stretches) AS s
            WHERE (l.category_mask & s.column2) != 0 AND v.col <> \(literal: SearchIndex.facetColumn)
              AND (s.column3 = \(literal: Int(CategorySearchIndex.Kind.all.rawValue)) OR v.col IN (\(unsafeRaw: primary)))
            ORDER BY 1
            """)
        #expect(!stored.isEmpty)
        #expect(stored == derived)
    }
}
