import Fluent
import FluentSQL
import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

@Suite("Listings: feed and search")
struct ListingSearchTests {
    @Test("a title match ranks above a description-only match, even an older one")
    func relevance() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Organic chemistry textbook", description: "Clean copy"), token: seller.token)
            try await app.createListing(.sample("Lab goggles", description: "Needed for organic chemistry lab"), token: seller.token)
            try await app.createListing(.sample("Beanbag", description: "Comfy"), token: seller.token)

            let titles = try await app.titles("q=Organic%20Chemistry")

            #expect(titles == ["Organic chemistry textbook", "Lab goggles"])
        }
    }

    @Test("search is case-insensitive, stems words, and matches author and course code")
    func matchesFields() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Linear Algebra", categories: ["textbooks"],
                                                textbook: TextbookDetails(author: "Gilbert Strang", courseCode: "MATH 208")), token: seller.token)
            try await app.createListing(.sample("Desk lamps"), token: seller.token)

            #expect(try await app.titles("q=LINEAR") == ["Linear Algebra"])
            #expect(try await app.titles("q=strang") == ["Linear Algebra"])
            #expect(try await app.titles("q=math%20208") == ["Linear Algebra"])
            #expect(try await app.titles("q=lamp") == ["Desk lamps"])
        }
    }

    @Test("the last word typed matches as a prefix; earlier words and one letter match whole words only")
    func prefixOfLastWord() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Calculus early transcendentals"), token: seller.token)
            try await app.createListing(.sample("Oak study desk"), token: seller.token)
            try await app.createListing(.sample("Desk lamp", description: "Warm light for a calculus night"), token: seller.token)

            #expect(try await app.titles("q=calc") == ["Calculus early transcendentals", "Desk lamp"])
            #expect(try await app.titles("q=oak%20des") == ["Oak study desk"])
            #expect(try await app.titles("q=calculus%20nig") == ["Desk lamp"])  // whole word and prefix, in the description only
            #expect(try await app.titles("q=calculus%20ea") == ["Calculus early transcendentals"])
            #expect(try await app.titles("q=des%20oak") == [])  // "des" is finished: a whole word, not a prefix
            #expect(try await app.titles("q=lam") == ["Desk lamp"])
            #expect(try await app.titles("q=c") == [])
        }
    }

    @Test("a last word typed whole matches its forms, not every word its stem starts", arguments: ["", "&sort=price_asc"])
    func finishedLastWord(sort: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Two camps", salePriceCents: 3_000), token: seller.token)
            try await app.createListing(.sample("Campus map", salePriceCents: 1_000), token: seller.token)
            try await app.createListing(.sample("Camping stove", salePriceCents: 2_000), token: seller.token)
            let byPrice = !sort.isEmpty

            // Stemmed first and then a prefix, `camping` was `camp*`, and "Campus map" matched it.
            #expect(try await app.titles("q=camping\(sort)") == ["Camping stove", "Two camps"])  // newest first, and cheapest
            #expect(try await app.titles("q=stove%20camping\(sort)") == ["Camping stove"])
            #expect(try await app.titles("q=camp\(sort)") == (byPrice ? ["Campus map", "Camping stove", "Two camps"]
                                                                        : ["Camping stove", "Campus map", "Two camps"]))
            #expect(try await app.titles("q=campu\(sort)") == ["Campus map"])
        }
    }

    @Test("an ISBN finds the book with or without hyphens, as ISBN-10 or ISBN-13", arguments: [
        "9780306406157", "978-0-306-40615-7", "0306406152", "0-306-40615-2",
    ])
    func isbnSearch(query: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Signals and Systems", categories: ["textbooks"],
                                                textbook: TextbookDetails(isbn: "978-0-306-40615-7")), token: seller.token)
            try await app.createListing(.sample("Another book", categories: ["textbooks"],
                                                textbook: TextbookDetails(isbn: "0-19-853453-1")), token: seller.token)

            #expect(try await app.titles("q=\(query)") == ["Signals and Systems"])
        }
    }

    @Test("queries made of special characters never error", arguments: [
        "\"", "'", "*", "NOT", "AND OR", "{title}:x", "(((", "-", "%25", "a\"b", "NEAR(a b)", "😀", "x:y", "^start",
    ])
    func specialCharacters(query: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Plain lamp"), token: seller.token)
            let encoded = query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""

            let response = try await app.send(.GET, "/api/v1/listings?q=\(encoded)")

            #expect(response.status == .ok)
        }
    }

    @Test("filters: category, offer, price range, condition, seller, status")
    func filters() async throws {
        try await withTestApp { app in
            let alice = try await app.register()
            let bob = try await app.register()
            try await app.createListing(.sample("Sofa", categories: ["furniture"], condition: "fair", salePriceCents: 8_000), token: alice.token)
            try await app.createListing(.sample("Tent", categories: ["outdoor", "sporting_goods"], salePriceCents: nil, rentPriceCents: 900, rentUnit: "day"), token: alice.token)
            try await app.createListing(.sample("Chess set", categories: ["toys"], condition: "new", salePriceCents: nil, openToTrade: true), token: bob.token)
            let sold = try await app.createListing(.sample("Old phone", categories: ["electronics"], salePriceCents: 3_000), token: bob.token)
            try await ListingRecord.query(on: app.db).filter(\.$id == sold.id).set(\.$status, to: "sold").update()

            #expect(try await app.titles("category=furniture") == ["Sofa"])
            #expect(try await app.titles("category=toys,outdoor").sorted() == ["Chess set", "Tent"])
            #expect(try await app.titles("offer=buy") == ["Sofa"])
            #expect(try await app.titles("offer=rent") == ["Tent"])
            #expect(try await app.titles("offer=trade") == ["Chess set"])
            #expect(try await app.titles("minPriceCents=1000&maxPriceCents=9000") == ["Sofa"])
            #expect(try await app.titles("maxPriceCents=1000") == ["Tent"])
            #expect(try await app.titles("condition=new") == ["Chess set"])
            #expect(try await app.titles("seller=\(bob.user.id)") == ["Chess set"])
            #expect(try await app.searchListings("status=sold&seller=\(bob.user.id)", token: bob.token).items.map(\.title) == ["Old phone"])
            #expect(try await app.send(.GET, "/api/v1/listings?status=sold").status == .unprocessableEntity)
        }
    }

    @Test("bad filter values are one 422 naming each parameter")
    func badFilters() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/listings?category=boats&offer=steal&limit=500&minPriceCents=9&maxPriceCents=1&sort=random&cursor=garbage")

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?.keys.sorted() == ["category", "cursor", "limit", "maxPriceCents", "offer", "sort"])
        }
    }

    @Test("a typed parameter given empty is an error, not ignored")
    func emptyTypedParameters() async throws {
        try await withTestApp { app in
            let response = try await app.send(.GET, "/api/v1/listings?seller=&offer=&limit=")

            #expect(response.status == .unprocessableEntity)
            #expect(try response.error.fields?.keys.sorted() == ["limit", "offer", "seller"])
        }
    }

    @Test("price sorts order by the sale price, else the rent price")
    func priceSorts() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Mid", salePriceCents: 500), token: seller.token)
            try await app.createListing(.sample("Cheap", salePriceCents: nil, rentPriceCents: 100, rentUnit: "hour"), token: seller.token)
            try await app.createListing(.sample("Dear", salePriceCents: 900), token: seller.token)

            #expect(try await app.titles("sort=price_asc") == ["Cheap", "Mid", "Dear"])
            #expect(try await app.titles("sort=price_desc") == ["Dear", "Mid", "Cheap"])
            #expect(try await app.titles("sort=price_asc&limit=1") == ["Cheap"])
        }
    }

    @Test("the plans for many matches (listings walked by price or by age) page through the same results as the plans for few")
    func plansAgree() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            var created: [(title: String, price: Int)] = []
            for n in 0..<24 {
                // Lecture notes are cheap and desks dear, with ties, as on a real campus.
                let title = n % 3 == 0 ? "Desk \(n)" : "Lecture notes \(n)"
                let price = n % 3 == 0 ? 5_000 + (n % 4) * 100 : 300 + (n % 5) * 50
                try await app.createListing(.sample(title, salePriceCents: price), token: seller.token)
                created.append((title, price))
            }
            let newestFirst = Array(created.reversed())  // creation order is age order
            let lectureByPrice = created.enumerated().filter { $0.element.title.hasPrefix("Lecture") }
                .sorted { ($0.element.price, $0.offset) < ($1.element.price, $1.offset) }.map(\.element.title)

            let cases: [(SearchCriteria, expected: [String])] = [
                (SearchCriteria(text: "lecture", sort: .priceDesc, limit: 4), lectureByPrice.reversed()),
                (SearchCriteria(text: "lectu", sort: .priceAsc, limit: 4), lectureByPrice),
                (SearchCriteria(minPriceCents: 350, maxPriceCents: 5_200, sort: .newest, limit: 4),
                 newestFirst.filter { (350...5_200).contains($0.price) }.map(\.title)),
            ]
            try await Self.expectBothPlans(cases, on: app)
        }
    }

    @Test("browsing one category, under every sort and both plans, pages through exactly its listings in order")
    func categoryBrowsing() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            struct Made { let title: String, categories: Set<String>, price: Int?, deskInDescription: Bool }
            var made: [Made] = []
            for n in 0..<30 {
                // Furniture is dear and notes cheap, a few listings are in both kinds or only for
                // trade, and prices tie: the shapes that sent a category's price sort across the table.
                let categories: [String] = n % 5 == 0 ? ["furniture", "notes"] : n % 2 == 0 ? ["furniture"] : ["notes"]
                let price: Int? = n % 7 == 3 ? nil : categories == ["notes"] ? 200 + (n % 3) * 50 : 4_000 + (n % 4) * 500
                let title = (n % 3 == 0 ? "Desk " : "Shelf ") + String(n)
                // Some shelves mention a desk: they match `desk` through their description only.
                let deskInDescription = n % 4 == 1
                try await app.createListing(.sample(title, description: deskInDescription ? "Fits over a desk" : "Works well",
                                                    categories: categories, salePriceCents: price, openToTrade: price == nil ? true : nil),
                                            token: seller.token)
                made.append(Made(title: title, categories: Set(categories), price: price, deskInDescription: deskInDescription))
            }
            let furniture = made.enumerated().filter { $0.element.categories.contains("furniture") }
            let newest = furniture.reversed().map(\.element.title)
            let byPrice = furniture.filter { $0.element.price != nil }
                .sorted { ($0.element.price!, $0.offset) < ($1.element.price!, $1.offset) }.map(\.element.title)
            func priced(_ range: ClosedRange<Int>) -> (Made) -> Bool { { $0.price.map(range.contains) ?? false } }
            let deskInTitle = Set(made.map(\.title).filter { $0.hasPrefix("Desk") })
            let deskAnywhere = deskInTitle.union(made.filter(\.deskInDescription).map(\.title))

            let cases: [(SearchCriteria, expected: [String])] = [
                (SearchCriteria(categories: [.furniture], sort: .newest, limit: 4), newest),
                (SearchCriteria(categories: [.furniture], sort: .priceAsc, limit: 4), byPrice),
                (SearchCriteria(categories: [.furniture], sort: .priceDesc, limit: 4), byPrice.reversed()),
                (SearchCriteria(categories: [.furniture], minPriceCents: 4_500, maxPriceCents: 5_000, sort: .newest, limit: 4),
                 furniture.reversed().map(\.element).filter(priced(4_500...5_000)).map(\.title)),
                (SearchCriteria(categories: [.furniture], minPriceCents: 4_500, sort: .priceDesc, limit: 4),
                 furniture.filter { priced(4_500...Int.max)($0.element) }
                    .sorted { ($0.element.price!, $0.offset) > ($1.element.price!, $1.offset) }.map(\.element.title)),
                (SearchCriteria(text: "desk", categories: [.furniture], sort: .priceDesc, limit: 4),
                 byPrice.reversed().filter(deskAnywhere.contains)),
                (SearchCriteria(text: "desk", categories: [.furniture], sort: .priceAsc, limit: 4), byPrice.filter(deskAnywhere.contains)),
                (SearchCriteria(text: "desk", categories: [.furniture], sort: .newest, limit: 4), newest.filter(deskAnywhere.contains)),
                // Relevance: titles first, then the listings that mention a desk only in their description.
                (SearchCriteria(text: "desk", categories: [.furniture], sort: .relevance, limit: 4),
                 newest.filter(deskInTitle.contains) + newest.filter { deskAnywhere.contains($0) && !deskInTitle.contains($0) }),
                (SearchCriteria(categories: [.furniture, .notes], sort: .newest, limit: 4), made.reversed().map(\.title)),
            ]
            try await Self.expectBothPlans(cases, on: app)
        }
    }

    @Test("a word with filters finds exactly the listings with each category, condition and offer, under every plan")
    func wordsWithEveryFilter() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            struct Made { let title: String, categories: [ListingCategory], condition: ListingCondition, offers: Set<OfferKind> }
            var made: [Made] = []
            let categories = ListingCategory.allCases, conditions = ListingCondition.allCases
            for n in 0..<24 {
                // Every category, condition and offer, alone and together; a quarter of the listings lack the word.
                let listed = n % 4 == 3 ? [categories[n % categories.count], categories[(n + 3) % categories.count]] : [categories[n % categories.count]]
                let condition = conditions[n % conditions.count]
                let (sale, rent, trade) = (n % 3 != 1 ? 1_000 + n : nil, n % 3 == 1 || n % 4 == 0 ? 300 : nil, n % 2 == 0)
                let title = (n % 4 == 2 ? "Mug " : "Widget ") + String(n)
                try await app.createListing(.sample(title, categories: listed.map(\.rawValue), condition: condition.rawValue,
                                                    salePriceCents: sale, rentPriceCents: rent, rentUnit: rent == nil ? nil : "day",
                                                    openToTrade: trade), token: seller.token)
                let offers = Set([sale.map { _ in OfferKind.buy }, rent.map { _ in .rent }, trade ? .trade : nil].compactMap { $0 })
                made.append(Made(title: title, categories: listed, condition: condition, offers: offers))
            }
            let widgets = made.reversed().filter { $0.title.hasPrefix("Widget") }
            var cases: [(SearchCriteria, expected: [String])] = []
            for category in categories {
                cases.append((SearchCriteria(text: "widget", categories: [category], sort: .newest, limit: 2),
                              widgets.filter { $0.categories.contains(category) }.map(\.title)))
            }
            for condition in conditions {
                cases.append((SearchCriteria(text: "widg", condition: condition, sort: .relevance, limit: 2),
                              widgets.filter { $0.condition == condition }.map(\.title)))
            }
            for offer in OfferKind.allCases {
                cases.append((SearchCriteria(text: "widget", offer: offer, sort: .newest, limit: 2),
                              widgets.filter { $0.offers.contains(offer) }.map(\.title)))
            }
            // Several filters at once, and a category pair (either one).
            cases.append((SearchCriteria(text: "widget", categories: [.textbooks, .furniture], offer: .buy, condition: .new, sort: .newest, limit: 2),
                          widgets.filter { !Set($0.categories).isDisjoint(with: [.textbooks, .furniture]) && $0.offers.contains(.buy) && $0.condition == .new }
                              .map(\.title)))
            #expect(cases.allSatisfy { !$0.expected.isEmpty }, "every filter should have a listing to find")
            try await Self.expectBothPlans(cases, on: app)
        }
    }

    @Test("a word sorted by price, or in a price range, pages through listings priced on every price band's edges")
    func priceBandEdges() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            var made: [(title: String, price: Int)] = []
            // Each band's first price and the one before it, twice over (ties), and one listing past the last edge.
            let prices = SearchFacet.priceBandEdges.flatMap { [Int($0) - 1, Int($0)] } + [1, 250_000]
            for (n, price) in (prices + prices.reversed()).enumerated() {
                let title = (n % 3 == 2 ? "Vase " : "Lamp ") + String(n)
                try await app.createListing(.sample(title, salePriceCents: price), token: seller.token)
                made.append((title, price))
            }
            let lamps = made.enumerated().filter { $0.element.title.hasPrefix("Lamp") }
            let byPrice = lamps.sorted { ($0.element.price, $0.offset) < ($1.element.price, $1.offset) }.map(\.element)
            let cases: [(SearchCriteria, expected: [String])] = [
                (SearchCriteria(text: "lamp", sort: .priceAsc, limit: 3), byPrice.map(\.title)),
                (SearchCriteria(text: "lamp", sort: .priceDesc, limit: 3), byPrice.reversed().map(\.title)),
                (SearchCriteria(text: "lam", minPriceCents: 999, maxPriceCents: 15_000, sort: .priceDesc, limit: 2),
                 byPrice.reversed().filter { (999...15_000).contains($0.price) }.map(\.title)),
                (SearchCriteria(text: "lamp", minPriceCents: 500, maxPriceCents: 2_999, sort: .newest, limit: 2),
                 lamps.reversed().map(\.element).filter { (500...2_999).contains($0.price) }.map(\.title)),
            ]
            try await Self.expectBothPlans(cases, on: app)
        }
    }

    @Test("the filters' own words in the index are never matched by what a person types")
    func filterWordsAreNotSearchable() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            try await app.createListing(.sample("Plain lamp", categories: ["textbooks"], condition: "like_new", openToTrade: true), token: seller.token)

            for facet in UpdateSearchIndexAddFacets.facets {
                let typed = facet.token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
                #expect(try await app.titles("q=\(typed)").isEmpty, "\(facet.token)")
            }
            for typed in ["qx", "qxc", "qxcategory", "category", "textbooks", "offer", "trade", "condition"] {
                #expect(try await app.titles("q=\(typed)").isEmpty, "\(typed)")
            }
            #expect(try await app.titles("q=lamp&category=textbooks&condition=like_new&offer=trade") == ["Plain lamp"])
        }
    }

    @Test("PostgreSQL's primary_vector finds exactly what search_vector finds in the weight-A fields, and follows edits",
          .enabled(if: TestDatabase.isPostgres))
    func primaryVectorMatchesWeightA() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let book = TextbookDetails(author: "Ada Wooden", isbn: "9780262033848", courseCode: "CS101")
            try await app.createListing(.sample("Wooden desk", description: "Sturdy oak"), token: seller.token)
            try await app.createListing(.sample("Oak shelf", description: "Wooden and sturdy"), token: seller.token)
            try await app.createListing(.sample("Algorithms", description: "Gently used", categories: ["textbooks"], textbook: book), token: seller.token)
            let lamp = try await app.createListing(.sample("Desk lamp", description: "Bright"), token: seller.token)
            try await app.send(.PUT, "/api/v1/listings/\(lamp.id)", json: ListingInput.sample("Wooden lamp", description: "Bright"), token: seller.token)

            func titles(_ condition: SQLQueryString) async throws -> [String] {
                try await app.db.sql.raw("SELECT title FROM listings l WHERE \(condition) ORDER BY title").all()
                    .map { try $0.decode(column: "title", as: String.self) }
            }
            func indexMatch(_ tokens: [String], prefixWords: [String]? = nil, facets: [[SearchFacet]] = []) -> SQLQueryString {
                SearchDialect.indexMatch(tokens, tokens.indices, prefixWords: prefixWords, facets: facets, tier: .primary)
            }
            for tokens in [["wooden"], ["wood"], ["sturdy"], ["oak"], ["cs101"], ["9780262033848"], ["desk", "wooden"], ["gently"]] {
                let weighted = SearchDialect.tsquery(tokens, tokens.indices, weight: "A")
                let expected = try await titles("ts_match_vq(l.search_vector, to_tsquery('english', \(bind: weighted)))")
                #expect(try await titles(indexMatch(tokens)) == expected, "\(tokens)")
            }
            #expect(try await titles(indexMatch(["wooden"])) == ["Algorithms", "Wooden desk", "Wooden lamp"])
            #expect(try await titles(indexMatch(["wooden"], facets: [[.category(.textbooks)]])) == ["Algorithms"])
            // A prefix asked as the stored words it starts finds what the prefix finds; the words
            // are asked as stored (a stem is not stemmed again), quotes and all.
            let wood = try await QueryWords.lookUp(["wood"], on: app.db.sql)
            #expect(wood == QueryWords(stored: [["wooden", "0eswood"]], absent: false), "the words it starts, and its Spanish stem (`SpanishTerms`)")
            let stored = try #require(wood.prefix(of: ["wood"]))
            #expect(try await titles(indexMatch(["desk", "wood"], prefixWords: stored)) == titles(indexMatch(["desk", "wood"])))
            #expect(try await titles(indexMatch(["sturdy"], prefixWords: ["sturdi"], facets: [[.category(.furniture)]])).isEmpty,
                    "sturdy is in the descriptions only")
            #expect(try await titles(indexMatch(["ob"], prefixWords: ["o'brien", "back\\slash"])).isEmpty)
            #expect(try await QueryWords.lookUp(["the"], on: app.db.sql) == QueryWords(stored: [nil], absent: false),
                    "a stop word stands for no words, and constrains nothing")
            #expect(try await QueryWords.lookUp(["zzq"], on: app.db.sql) == QueryWords(stored: [["0eszzq"]], absent: true),
                    "a prefix no word starts: its Spanish stem only, in no listing either")
            #expect(try await QueryWords.lookUp(["oak", "desk", "the"], on: app.db.sql) == QueryWords(stored: [["oak", "0esoak"], ["desk", "0esdesk"], nil], absent: false),
                    "whole words: their stems; \"oak\" is in a description")
            #expect(try await QueryWords.lookUp(["desks", "walnut"], on: app.db.sql).absent, "a whole word no listing has")
            #expect(try await QueryWords.lookUp(["walnut", "desk"], on: app.db.sql).absent, "whichever word it is")
        }
    }

    @Test("changing a listing's category, condition or offers moves it between filtered searches, featured or not", arguments: [false, true])
    func filtersFollowEdits(featured: Bool) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Kettle", categories: ["furniture"], condition: "good"), token: seller.token)
            if featured { try await app.send(.POST, "/api/v1/listings/\(listing.id)/feature", token: seller.token) }
            #expect(try await app.titles("q=kettle&category=furniture&condition=good&offer=buy") == ["Kettle"])

            let edited = ListingInput.sample("Kettle", categories: ["electronics"], condition: "new",
                                             salePriceCents: nil, rentPriceCents: 200, rentUnit: "hour")
            #expect(try await app.send(.PUT, "/api/v1/listings/\(listing.id)", json: edited, token: seller.token).status == .ok)

            #expect(try await app.titles("q=kettle&category=furniture").isEmpty)
            #expect(try await app.titles("q=kettle&condition=good").isEmpty)
            #expect(try await app.titles("q=kettle&offer=buy").isEmpty)
            #expect(try await app.titles("q=kettle&category=electronics&condition=new&offer=rent") == ["Kettle"])
        }
    }

    /// Pages through each search with every plan — the probes' threshold set so the plans for
    /// few rows and for many are each chosen, and PostgreSQL's walk window so pages are read by
    /// the walk, by the matches, or split between them — and expects each to find exactly
    /// `expected`, in order.
    static func expectBothPlans(_ cases: [(SearchCriteria, expected: [String])], on app: Application) async throws {
        let plain = ListingSearch(sql: app.db.sql, now: Date())
        var few = plain, many = plain, split = plain
        // On PostgreSQL, newest first, a few listings' words are each in many of them: two plans walk
        // the words' own listings whatever their share, one never does.
        (few.plan.planThreshold, few.plan.walkWindow, few.plan.commonShare) = (1_000, 1, 1)
        (many.plan.planThreshold, many.plan.walkWindow, many.plan.commonShare) = (1, 1_000, 1)
        (split.plan.planThreshold, split.plan.walkWindow, split.plan.commonShare) = (1_000, 3, 0)
        for (criteria, expected) in cases {
            for search in [few, many, split] {
                #expect(try await allPages(criteria, search) == expected,
                        "plan threshold \(search.plan.planThreshold), walk window \(search.plan.walkWindow), common share \(search.plan.commonShare)")
            }
        }
    }

    /// Every title `criteria` finds, page after page.
    private static func allPages(_ criteria: SearchCriteria, _ search: ListingSearch) async throws -> [String] {
        var query = criteria, titles: [String] = []
        while true {
            let page = try await search.page(query)
            titles += page.listings.map(\.title)
            guard let next = page.next else { return titles }
            query.cursor = next
        }
    }

    @Test("cursor pages are stable while new listings arrive: no duplicates, nothing skipped", arguments: ["newest", "price_asc", "relevance"])
    func cursorStableUnderInserts(sort: String) async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            var originals: [String] = []
            for index in 1...7 {
                let title = "Poster \(index)"
                originals.append(title)
                try await app.createListing(.sample(title, description: index.isMultiple(of: 2) ? "poster print" : "art", salePriceCents: 100 * index), token: seller.token)
            }
            let query = "q=poster&sort=\(sort)&limit=3"
            var seen: [String] = []
            var cursor: String?
            repeat {
                let page = try await app.searchListings(query + (cursor.map { "&cursor=\($0)" } ?? ""))
                seen += page.items.map(\.title)
                cursor = page.nextCursor
                // New listings arrive between page requests.
                try await app.createListing(.sample("Poster new \(seen.count)", salePriceCents: 50), token: seller.token)
            } while cursor != nil

            let originalsSeen = seen.filter { originals.contains($0) }
            #expect(Set(originalsSeen) == Set(originals))
            #expect(originalsSeen.count == originals.count, "duplicates in \(seen)")
        }
    }

    @Test("pages follow one another in order with the default newest sort")
    func newestOrder() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for index in 1...5 { try await app.createListing(.sample("Item \(index)"), token: seller.token) }

            let first = try await app.searchListings("limit=2")
            let second = try await app.searchListings("limit=2&cursor=\(try #require(first.nextCursor))")
            let third = try await app.searchListings("limit=2&cursor=\(try #require(second.nextCursor))")

            #expect((first.items + second.items + third.items).map(\.title) == ["Item 5", "Item 4", "Item 3", "Item 2", "Item 1"])
            #expect(third.nextCursor == nil)
        }
    }

    @Test("edits and deletions are reflected in search at once (the index follows every write)")
    func indexFollowsWrites() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let listing = try await app.createListing(.sample("Kettle"), token: seller.token)
            #expect(try await app.titles("q=kettle") == ["Kettle"])

            try await app.send(.PUT, "/api/v1/listings/\(listing.id)", json: ListingInput.sample("Toaster"), token: seller.token)
            #expect(try await app.titles("q=kettle").isEmpty)
            #expect(try await app.titles("q=toaster") == ["Toaster"])

            try await app.send(.DELETE, "/api/v1/listings/\(listing.id)", token: seller.token)
            #expect(try await app.titles("q=toaster").isEmpty)
        }
    }
}
