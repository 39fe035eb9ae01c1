import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing

/// The statements a PostgreSQL search sends: each is a round trip, and at 1M listings a filtered
/// text search's round trips, not its reads, were most of its time.
@Suite("Search round trips", .enabled(if: TestDatabase.isPostgres))
struct SearchRoundTripsTests {
    @Test("a walk whose own windows met many matches weighs a word's walk without asking PostgreSQL's estimate first")
    func walkRateWeighsWordsWithoutEstimate() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<40 {
                try await app.createListing(.sample(n % 8 == 0 ? "Lamp \(n)" : "Vase \(n)"), token: seller.token)
            }
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // The first window holds the 16 newest listings, two of them lamps: an eighth of those
            // walked match, which counts as many here, so a word's walk is weighed, and its first
            // window (two of the word's listings) fills the page.
            (search.plan.walkWindow, search.plan.commonShare, search.plan.wordsWalkMatches) = (16, 1, 1)
            let page = try await search.page(SearchCriteria(text: "lamp", sort: .newest, limit: 2))
            #expect(page.listings.map(\.title) == ["Lamp 32", "Lamp 24"])
            let statements = recorder.statements
            #expect(statements.contains { $0.hasPrefix("EXPLAIN SELECT 1 FROM listing_terms") }, "a word's walk is weighed: \(statements)")
            #expect(!statements.contains { $0.hasPrefix("EXPLAIN SELECT 1 FROM listings") }, "no estimate of the matches is asked: \(statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("the number past the newest listing is read once while kept, and a listing added since is still on the first page")
    func newestListingNumberKept() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<6 { try await app.createListing(.sample("Lamp \(n)"), token: seller.token) }
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date(), newestListing: NewestListingNumber(lifetime: .seconds(600)))
            search.plan.walkWindow = 2
            let reads = { recorder.statements.filter { $0.contains("max(seq)") }.count }
            #expect(try await search.page(SearchCriteria(text: "lamp", sort: .newest, limit: 2)).listings.map(\.title) == ["Lamp 5", "Lamp 4"])
            #expect(reads() == 1)
            // Added after the number was kept: the first window, bounded below only, holds it.
            try await app.createListing(.sample("Lamp 6"), token: seller.token)
            #expect(try await search.page(SearchCriteria(text: "lamp", sort: .newest, limit: 2)).listings.map(\.title) == ["Lamp 6", "Lamp 5"])
            #expect(reads() == 1, "the kept number is used: \(recorder.statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("by relevance, both tiers' estimates are asked at once, and a second tier expected to hold few matches is read whole with the first tier's rest",
          arguments: [500, 0])
    func secondTierRidesWithFirst(followingTierMatches: Int) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<30 {
                // Oak desks in a few titles, a few more in descriptions only, among many vases.
                let title = n % 10 == 3 ? "Oak desk \(n)" : "Vase \(n)"
                let description = n % 10 == 6 ? "Stands well beside an oak desk" : "Works well"
                try await app.createListing(.sample(title, description: description), token: seller.token)
            }
            // Statistics, so PostgreSQL expects about one match in each tier, as there are few.
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // The first window holds the 4 newest listings, none an oak desk: the first tier's rest
            // is read by its matches, and the second tier, expected to hold few, with it (500), or
            // walked in windows of its own from the newest listing (0).
            (search.plan.walkWindow, search.plan.followingTierMatches) = (4, followingTierMatches)
            let page = try await search.page(SearchCriteria(text: "oak des", sort: .relevance, limit: 10))
            #expect(page.listings.map(\.title) == ["Oak desk 23", "Oak desk 13", "Oak desk 3", "Vase 26", "Vase 16", "Vase 6"])
            let secondTierReads = recorder.statements.filter { $0.contains("3 AS segment_index") }
            // Both tiers' estimates are asked in one, and the second tier's own walk needs no other.
            #expect(recorder.statements.filter { $0.hasPrefix("EXPLAIN") }.count == 1, "\(recorder.statements)")
            if followingTierMatches > 0 {
                #expect(secondTierReads.count == 1 && secondTierReads[0].contains("2 AS segment_index"), "\(recorder.statements)")
            } else {
                #expect(secondTierReads.count >= 2 && !secondTierReads.contains { $0.contains("2 AS segment_index") }, "\(recorder.statements)")
            }
        }
    }
}

extension SearchRoundTripsTests {
    @Test("one word in one category walks the category's entries of it without asking how many listings the word is in")
    func categoryWalkOfOneWordAsksNoCount() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<12 {
                let title = n % 3 == 0 ? "Oak desk \(n)" : "Oak shelf \(n)"
                try await app.createListing(.sample(title, categories: [n % 2 == 0 ? "furniture" : "other"]), token: seller.token)
            }
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            let search = ListingSearch(sql: recorder, now: Date())
            let page = try await search.page(SearchCriteria(text: "desk", categories: [.furniture], sort: .relevance, limit: 5))
            #expect(page.listings.map(\.title) == ["Oak desk 6", "Oak desk 0"])
            let statements = recorder.statements
            #expect(statements.contains { $0.contains("y.category_mask & \(ListingCategory.furniture.bit)") }, "the category's entries are walked: \(statements)")
            #expect(!statements.contains { $0.hasPrefix("EXPLAIN") }, "no estimate is asked: \(statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("two words in one category that seldom meet: after the first window of one word's entries, the rest is read by matches, not walked to its end")
    func categoryWalkOfWordsThatSeldomMeet() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            // The match is the oldest listing: every other textbook says only one of the words.
            try await app.createListing(.sample("Biochemistry charger", categories: ["textbooks"]), token: seller.token)
            for n in 0..<30 { try await app.createListing(.sample("Charger \(n)", categories: ["electronics"]), token: seller.token) }
            for n in 0..<12 { try await app.createListing(.sample("Biochemistry \(n)", categories: ["textbooks"]), token: seller.token) }
            try await app.db.sql.raw("ANALYZE listing_terms").run()
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // Windows of two of `biochemistry`'s 13 textbook entries (the rarer word): the first
            // meets no charger, and PostgreSQL expects about one match.
            search.plan.walkWindow = 16
            let page = try await search.page(SearchCriteria(text: "biochemistry charger", categories: [.textbooks], limit: 5))
            #expect(page.listings.map(\.title) == ["Biochemistry charger"])
            let statements = recorder.statements
            #expect(statements.contains { $0.hasPrefix("EXPLAIN SELECT 1 FROM listings") }, "the matches are estimated: \(statements)")
            #expect(statements.contains { $0.contains("OFFSET 0) AS rest") }, "the rest is read by matches: \(statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("a typed word no listing has: the first round trip reads nothing, the second looks the words up, and the page is empty",
          arguments: ["oak des", "lamp zzq", "walnut"])
    func wordNoListingHas(text: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<12 { try await app.createListing(.sample("Lamp \(n)", description: "A desk lamp"), token: seller.token) }
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            search.plan.walkWindow = 4
            let page = try await search.page(SearchCriteria(text: text, sort: .relevance, limit: 5))
            #expect(page.listings.isEmpty)
            let statements = recorder.statements.filter { !$0.contains("max(seq)") }  // where the walk starts
            #expect(statements.count == 2, "no estimate, no other read: \(statements)")
            #expect(statements.first?.contains("words_stored") == true, "the first reads are skipped unless every word is stored: \(statements)")
        }
    }

    @Test("a word no listing of the one category searched has: an empty page once the words are looked up in that category, whatever the sort",
          arguments: [ListingSort.priceAsc, .priceDesc, .newest, .relevance], ["lamp", "lam", "desk lamp"])
    func wordNoListingOfTheCategoryHas(sort: ListingSort, text: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<12 { try await app.createListing(.sample("Lamp \(n)", description: "A desk lamp", salePriceCents: 1_000 + n), token: seller.token) }
            for n in 0..<12 { try await app.createListing(.sample("Atlas \(n)", categories: ["textbooks"], salePriceCents: 1_000 + n), token: seller.token) }
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            search.plan.walkWindow = 4
            let inTextbooks = SearchCriteria(text: text, categories: [.textbooks], sort: sort, limit: 5)
            let empty = try await search.page(inTextbooks).listings
            #expect(empty.isEmpty)
            // Where the walk starts or ends is read before the words are known; nothing else is.
            let statements = recorder.statements.filter { !$0.contains("max(seq)") && !$0.contains("OFFSET") }
            #expect(!statements.contains { $0.hasPrefix("EXPLAIN") }, "no estimate: \(statements)")
            #expect(statements.count <= 2 && statements.last?.hasPrefix("WITH RECURSIVE w") == true,
                    "at most the first reads, skipped, then the lookup, and no walk: \(statements)")
            // The same words in a category that has them, and in a listing of both categories.
            let furniture = SearchCriteria(text: text, categories: [.furniture], sort: sort, limit: 5)
            let lamps = try await search.page(furniture).listings
            #expect(lamps.count == 5)
            let both = try await app.createListing(.sample("Lamp atlas", description: "A desk lamp", categories: ["textbooks", "furniture"]), token: seller.token)
            let atlas = try await search.page(inTextbooks).listings.map(\.title)
            #expect(atlas == ["Lamp atlas"])
            try await app.send(.PUT, "/api/v1/listings/\(both.id)", json: ListingInput.sample("Lamp atlas", description: "A desk lamp"), token: seller.token)
            let moved = try await search.page(inTextbooks).listings.map(\.title)
            #expect(moved.isEmpty, "its entries left textbooks with it")
        }
    }

    @Test("a second relevance tier with many matches left weighs a word's walk, though the first tier, with few, did not")
    func secondTierWeighsWords() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            // One listing says both words in its title; twelve newer say "calculus" in the title and
            // "textbook" in the description only (the second tier), the newest among them.
            try await app.createListing(.sample("Calculus text guide"), token: seller.token)
            for n in 0..<24 { try await app.createListing(.sample("Vase \(n)"), token: seller.token) }
            for n in 0..<12 { try await app.createListing(.sample("Calculus \(n)", description: "Like a textbook"), token: seller.token) }
            try await app.db.sql.raw("ANALYZE listing_terms").run()
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // Windows of the 4 newest listings: the first tier's meets none and expects about one
            // (fewer than 5: no word's walk), and its rest is read by matches; the second tier's
            // meets four, and at that rate many are left, so `calculus`'s listings are walked.
            (search.plan.walkWindow, search.plan.wordsWalkMatches, search.plan.commonShare, search.plan.followingTierMatches) = (4, 5, 1, 0)
            let page = try await search.page(SearchCriteria(text: "calculus tex", sort: .relevance, limit: 6))
            #expect(page.listings.map(\.title) == ["Calculus text guide", "Calculus 11", "Calculus 10", "Calculus 9", "Calculus 8", "Calculus 7"])
            // A word's walk reads its entries as `d(term)` (`ListingTerms.listings`).
            let secondTier = recorder.statements.filter { $0.contains("3 AS segment_index") }
            #expect(secondTier.contains { $0.contains("AS d(term)") }, "the second tier walks a word's listings: \(recorder.statements)")
            #expect(!recorder.statements.contains { $0.contains("2 AS segment_index") && $0.contains("AS d(term)") },
                    "the first tier did not: \(recorder.statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("by relevance, a second tier expected to hold few matches is not read with the first tier's rest when that rest should fill the page")
    func secondTierStaysWhenFirstFills() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for n in 0..<20 { try await app.createListing(.sample("Oak desk \(n)"), token: seller.token) }
            for n in 0..<2 { try await app.createListing(.sample("Vase \(n)", description: "Stands well beside an oak desk"), token: seller.token) }
            for n in 0..<40 { try await app.createListing(.sample("Lamp \(n)"), token: seller.token) }
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // The first window holds the 16 newest listings, all lamps: the first tier's rest, some
            // twenty oak desks, is read by its matches and fills the page of three. The second
            // tier's two are kept from riding along however cheap.
            (search.plan.walkWindow, search.plan.ridingMatches) = (16, 0)
            let page = try await search.page(SearchCriteria(text: "oak des", sort: .relevance, limit: 3))
            #expect(page.listings.map(\.title) == ["Oak desk 19", "Oak desk 18", "Oak desk 17"])
            #expect(!recorder.statements.contains { $0.contains("2 AS segment_index") && $0.contains("3 AS segment_index") },
                    "the second tier is not read: \(recorder.statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("by relevance, a second tier expected to hold few matches, left behind by a first tier's rest that did not fill the page, is read whole by its matches")
    func secondTierReadWholeAfterShortRest() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            // Oak and desk are each common in titles, and seldom together: PostgreSQL, taking them
            // as independent, expects more oak desks than there are.
            for n in 0..<2 { try await app.createListing(.sample("Oak desk \(n)"), token: seller.token) }
            for n in 0..<20 { try await app.createListing(.sample(n % 2 == 0 ? "Oak shelf \(n)" : "Pine desk \(n)"), token: seller.token) }
            for n in 0..<20 { try await app.createListing(.sample(n % 2 == 0 ? "Oak bench \(n)" : "Steel desk \(n)"), token: seller.token) }
            try await app.createListing(.sample("Vase", description: "Stands well beside an oak desk"), token: seller.token)
            for n in 0..<40 { try await app.createListing(.sample("Lamp \(n)"), token: seller.token) }
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            (search.plan.walkWindow, search.plan.ridingMatches) = (16, 0)  // the second tier does not ride along
            let page = try await search.page(SearchCriteria(text: "oak des", sort: .relevance, limit: 3))
            #expect(page.listings.map(\.title) == ["Oak desk 1", "Oak desk 0", "Vase"])
            let secondTier = recorder.statements.filter { $0.contains("3 AS segment_index") }
            #expect(secondTier.count == 1 && secondTier[0].contains("OFFSET 0) AS rest"), "one read by matches: \(recorder.statements)")
        }
    }
}

extension SearchRoundTripsTests {
    @Test("two words that seldom meet, newest first: what the feed's window expected and did not meet counts with what the word's first window expected, so the rest is read by matches after one window of the word's listings")
    func missedMatchesAddUpAcrossWalks() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            // Half the listings say "apple", half "pear"; only the oldest says both.
            try await app.createListing(.sample("Apple pear"), token: seller.token)
            for n in 0..<200 { try await app.createListing(.sample(n % 2 == 0 ? "Apple \(n)" : "Pear \(n)"), token: seller.token) }
            try await app.db.sql.raw("ANALYZE listing_terms").run()
            try await app.db.sql.raw("ANALYZE listings").run()
            let recorder = RecordingSQLDatabase(base: app.db.sql)
            var search = ListingSearch(sql: recorder, now: Date())
            // PostgreSQL expects about 50 matches (a quarter of the listings). The feed's first
            // window (the 64 newest) meets none where about 23 were expected; then `apple`'s
            // first window (8 of its 69 older listings) meets none where about 6 were: alone too
            // few to tell, together enough, so no second window of `apple`'s listings is walked.
            (search.plan.walkWindow, search.plan.commonShare, search.plan.wordsWalkMatches) = (64, 1, 1)
            let page = try await search.page(SearchCriteria(text: "apple pear", sort: .newest, limit: 5))
            let titles = page.listings.map(\.title)
            let statements = recorder.statements
            let wordWindows = statements.filter { $0.hasPrefix("SELECT x.sort_price_cents, x.seq FROM unnest(") }.count
            let readByMatches = statements.contains { $0.contains("OFFSET 0) AS rest") }
            #expect(titles == ["Apple pear"])
            #expect(wordWindows == 1, "one window of the word's listings: \(statements)")
            #expect(readByMatches, "the rest is read by matches: \(statements)")
        }
    }
}
