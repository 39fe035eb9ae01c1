import FluentSQL
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listings: text searches walking one word's listings (listing_terms, priced_fts)")
struct ListingTermsTests {
    @Test("the word indexes (PostgreSQL's listing_terms, SQLite's priced_fts) hold each listing's words, priced ones at their price, through edits, category and price changes, trade-only, sales and deletions")
    func followsWrites() async throws {
        try await withTestApp { app in
            let seller = try await app.register(), buyer = try await app.register()
            let lamp = try await app.createListing(.sample("Desk lamp", description: "Bright"), token: seller.token)
            let chair = try await app.createListing(.sample("Oak chair", description: "Sturdy"), token: seller.token)
            let shelf = try await app.createListing(.sample("Shelf", description: "Tall"), token: seller.token)
            let sold = try await app.createListing(.sample("Kettle", description: "Fast"), token: seller.token)
            try await expectIndexMatchesListings(app)

            try await app.send(.PUT, "/api/v1/listings/\(lamp.id)", json: ListingInput.sample("Floor lamp", description: "Dim", categories: ["electronics"]),
                               token: seller.token)
            try await app.send(.PUT, "/api/v1/listings/\(chair.id)", json: ListingInput.sample("Oak chair", description: "Sturdy", salePriceCents: 9_900),
                               token: seller.token)
            try await app.send(.PUT, "/api/v1/listings/\(shelf.id)", json: ListingInput.sample("Shelf", description: "Tall", salePriceCents: nil, openToTrade: true),
                               token: seller.token)
            #expect(try await app.purchase(sold.id, token: buyer.token).status == .created)
            try await expectIndexMatchesListings(app)
            #expect(try await prices(of: "shelf", app).isEmpty, "a listing with no price has no entry in price order")
            if TestDatabase.isPostgres {
                let unpriced = try await app.db.sql.raw("SELECT count(*) AS n FROM listing_terms WHERE term = 'shelf' AND sort_price_cents IS NULL")
                    .first()?.decode(column: "n", as: Int.self)
                #expect(unpriced == 1, "newest first, a trade-only listing's words are walked too")
            }
            #expect(try await prices(of: "lamp", app) == [1_500], "the edited lamp keeps one entry, at its price")
            #expect(try await prices(of: "bright", app).isEmpty, "an edit takes the old words out")
            #expect(try await prices(of: "chair", app) == [9_900], "a price change moves the entries")

            try await app.send(.PUT, "/api/v1/listings/\(shelf.id)", json: ListingInput.sample("Shelf", description: "Tall", salePriceCents: 700),
                               token: seller.token)
            try await app.send(.DELETE, "/api/v1/listings/\(chair.id)", token: seller.token)
            try await expectIndexMatchesListings(app)
            #expect(try await prices(of: "shelf", app) == [700])
            #expect(try await prices(of: "chair", app).isEmpty)
        }
    }

    @Test("a search walking a word's listings pages through what every other plan finds: by price and newest first, prefixes of several words, stop words, filters")
    func walksAgree() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            struct Made { let title: String, price: Int?, category: ListingCategory }
            var made: [Made] = []
            // Words sharing a start (stat, statics, state, station), with ties in price, a trade-only
            // listing, and one listing holding two of the words.
            let titles = ["Stat notes", "Statics textbook", "State map", "Station clock", "Statics and state", "Plain mug"]
            for n in 0..<30 {
                let title = "\(titles[n % titles.count]) \(n)"
                let price: Int? = n % 7 == 6 ? nil : 400 + (n * 37) % 5 * 250
                let category: ListingCategory = n % 2 == 0 ? .notes : .furniture
                let description = title.hasPrefix("Stat notes") ? "For the state exam" : "Works well"
                try await app.createListing(.sample(title, description: description, categories: [category.rawValue], salePriceCents: price,
                                                    openToTrade: price == nil ? true : nil), token: seller.token)
                made.append(Made(title: title, price: price, category: category))
            }
            func expected(_ keep: (Made) -> Bool, descending: Bool) -> [String] {
                let kept = made.enumerated().filter { $0.element.price != nil && keep($0.element) }
                    .sorted { ($0.element.price!, $0.offset) < ($1.element.price!, $1.offset) }.map(\.element.title)
                return descending ? kept.reversed() : kept
            }
            func newest(_ keep: (Made) -> Bool) -> [String] { made.filter(keep).map(\.title).reversed() }
            let stat = { (made: Made) in made.title.hasPrefix("Stat") }
            let cases: [(SearchCriteria, expected: [String])] = [
                (SearchCriteria(text: "stat", sort: .priceDesc, limit: 3), expected(stat, descending: true)),
                // A little word constrains nothing, on either database (`LittleWords`).
                (SearchCriteria(text: "and stat", sort: .priceAsc, limit: 4), expected(stat, descending: false)),
                (SearchCriteria(text: "statics sta", sort: .priceDesc, limit: 2),
                 expected({ $0.title.hasPrefix("Statics") }, descending: true)),
                (SearchCriteria(text: "stat", minPriceCents: 650, maxPriceCents: 1_150, sort: .priceAsc, limit: 2),
                 expected({ stat($0) && (650...1_150).contains($0.price!) }, descending: false)),
                (SearchCriteria(text: "stati", categories: [.furniture], sort: .priceDesc, limit: 2),
                 expected({ $0.title.hasPrefix("Stati") && $0.category == .furniture }, descending: true)),
                (SearchCriteria(text: "mug", sort: .priceAsc, limit: 2), expected({ $0.title.hasPrefix("Plain mug") }, descending: false)),
                // Newest first every listing is walked, trade-only ones too.
                (SearchCriteria(text: "stat", sort: .newest, limit: 3), newest(stat)),
                (SearchCriteria(text: "statics sta", sort: .newest, limit: 2), newest { $0.title.hasPrefix("Statics") }),
                (SearchCriteria(text: "stati", categories: [.furniture], sort: .newest, limit: 2),
                 newest { $0.title.hasPrefix("Stati") && $0.category == .furniture }),
                (SearchCriteria(text: "stat", minPriceCents: 650, maxPriceCents: 1_150, sort: .newest, limit: 2),
                 newest { stat($0) && $0.price.map((650...1_150).contains) == true }),
                // By relevance, the listings with the word in the title come first, then those that say
                // it only in the description (the notes).
                (SearchCriteria(text: "state", sort: .relevance, limit: 2),
                 newest { $0.title.hasPrefix("State") || $0.title.hasPrefix("Statics and") } + newest { $0.title.hasPrefix("Stat notes") }),
            ]
            #expect(cases.allSatisfy { $0.expected.count > $0.0.limit }, "each case should span pages")
            try await ListingSearchTests.expectBothPlans(cases, on: app)
        }
    }

    @Test("a price sort walks a word's listings unless it filters by what few listings have; a price range bounds the walk itself; newest first it always does")
    func whenWordsAreWalked() {
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", categories: [.furniture], condition: .good, sort: .newest)))
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", offer: .rent, sort: .relevance)))
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", sort: .priceAsc)))
        #expect(SearchPlan.walksTerms(SearchCriteria(text: "desk", offer: .buy, minPriceCents: 100, maxPriceCents: 200, sort: .priceAsc)))
        #expect(!SearchPlan.walksTerms(SearchCriteria(text: "desk", categories: [.furniture], sort: .priceDesc)))
        #expect(!SearchPlan.walksTerms(SearchCriteria(text: "desk", condition: .new, sort: .priceDesc)))
        #expect(!SearchPlan.walksTerms(SearchCriteria(text: "desk", offer: .rent, sort: .priceDesc)))
    }

    @Test("reading by matches on PostgreSQL, a price-band group of more than half the bands is left to the rows")
    func wideBandsLeftToRows() {
        let bands = { (range: ClosedRange<Int>) in range.map(SearchFacet.priceBand) }
        let category: [SearchFacet] = [.category(.notes)]
        #expect(SearchFacet.withoutWideBands([category, bands(0...6)]) == [category])
        #expect(SearchFacet.withoutWideBands([category, bands(5...10)]) == [category, bands(5...10)])
        #expect(SearchFacet.withoutWideBands([bands(0...2)]) == [bands(0...2)])
    }

    /// The prices the price-ordered index holds `word` at.
    private func prices(of word: String, _ app: Application) async throws -> [Int64] {
        let query: SQLQueryString = TestDatabase.isPostgres
            ? "SELECT sort_price_cents AS price FROM listing_terms WHERE term = \(bind: word) AND sort_price_cents IS NOT NULL ORDER BY 1"
            : "SELECT rowid >> \(literal: PricedSearchIndex.seqBits) AS price FROM priced_fts WHERE priced_fts MATCH \(bind: word) ORDER BY 1"
        return try await app.db.sql.raw(query).all().map { try $0.decode(column: "price", as: Int64.self) }
    }

    /// Expects the word index to hold exactly what the text index holds: on PostgreSQL each
    /// listing's words, with its price, whether each is in a primary field (weight A) and its
    /// categories; on
    /// SQLite, for each priced listing, each word FTS5 indexed, column and position included,
    /// under the listing's key.
    private func expectIndexMatchesListings(_ app: Application) async throws {
        let sql = app.db.sql
        func rows(_ query: SQLQueryString) async throws -> [String] {
            try await sql.raw(query).all().map { "\(try $0.decode(column: "entry", as: String.self))" }
        }
        let stored: [String], derived: [String]
        if TestDatabase.isPostgres {
            stored = try await rows("""
                SELECT term || ' ' || coalesce(sort_price_cents::text, '-') || ' ' || seq || ' ' || primary_word || ' ' || category_mask AS entry
                FROM listing_terms ORDER BY 1
                """)
            derived = try await rows("""
                SELECT t.lexeme || ' ' || coalesce(l.sort_price_cents::text, '-') || ' ' || l.seq || ' ' || ('A' = ANY(t.weights)) || ' ' || l.category_mask AS entry
                FROM listings l, unnest(l.search_vector) AS t WHERE left(t.lexeme, 1) <> '~' ORDER BY 1
                """)
        } else {
            try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS priced_words USING fts5vocab(priced_fts, instance)").run()
            try await sql.raw("CREATE VIRTUAL TABLE IF NOT EXISTS listing_words USING fts5vocab(listings_fts, instance)").run()
            stored = try await rows("SELECT term || ' ' || col || ' ' || \"offset\" || ' ' || doc AS entry FROM priced_words ORDER BY 1")
            derived = try await rows("""
                SELECT v.term || ' ' || v.col || ' ' || v."offset" || ' ' || \(unsafeRaw: PricedSearchIndex.key(row: "l")) AS entry
                FROM listing_words v JOIN listings l ON l.seq = v.doc WHERE l.sort_price_cents IS NOT NULL ORDER BY 1
                """)
        }
        #expect(!stored.isEmpty)
        #expect(stored == derived)
    }
}

extension ListingTermsTests {
    @Test("PostgreSQL's autovacuum takes listing_terms after 20,000 new entries, not a fifth of the table", .enabled(if: TestDatabase.isPostgres))
    func vacuumedSoon() async throws {
        try await withTestApp { app in
            let row = try await app.db.sql.raw("SELECT reloptions FROM pg_class WHERE relname = 'listing_terms'").first()
            let options = try #require(try row?.decode(column: "reloptions", as: [String]?.self))
            #expect(Set(options) == ["autovacuum_vacuum_insert_threshold=20000", "autovacuum_vacuum_insert_scale_factor=0"])
        }
    }
}
