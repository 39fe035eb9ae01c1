import Foundation
import MarketCore
import Testing

/// The one query type: every field through the URL codec and through JSON (a saved search's
/// form), and its rules, each with its one message.
@Suite("The listing query")
struct ListingQueryTests {
    /// A query with every field set.
    static let full = ListingQuery(text: "calculus textbook", categories: [.textbooks, .notes], offer: .buy,
                                   minPriceCents: 500, maxPriceCents: 4_000, condition: .likeNew,
                                   seller: UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301")!, campus: "umich.edu",
                                   status: .sold, sort: .priceAsc, page: PageRequest(limit: 30, cursor: "abc_-1"))

    private static func read(_ items: [URLQueryItem]) -> (ListingQuery, FieldErrors) {
        var parameters = QueryParameters(Dictionary(uniqueKeysWithValues: items.map { ($0.name, $0.value ?? "") }))
        let query = ListingQuery(reading: &parameters)
        return (query, parameters.errors)
    }

    @Test("every field goes through the URL parameters and comes back the same")
    func urlRoundTrip() {
        let (read, errors) = Self.read(Self.full.queryItems)
        #expect(errors.isEmpty)
        #expect(read == Self.full)
        #expect(Self.full.queryItems.map(\.name) == ["q", "category", "offer", "minPriceCents", "maxPriceCents", "condition",
                                                     "seller", "campus", "status", "sort", "limit", "cursor"])
        #expect(Self.read(ListingQuery().queryItems).0 == ListingQuery())
    }

    @Test("every field goes through JSON, under the URL's names, and comes back the same")
    func jsonRoundTrip() throws {
        let json = try JSONEncoder().encode(Self.full)
        #expect(try JSONDecoder().decode(ListingQuery.self, from: json) == Self.full)
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(object.keys) == Set(Self.full.queryItems.map(\.name)))
        #expect(object["category"] as? String == "textbooks,notes" && object["minPriceCents"] as? Int == 500)
        // A search saved before categories were a list reads as it was written.
        let old = Data(#"{"q":"desk","category":"furniture","maxPriceCents":2000}"#.utf8)
        #expect(try JSONDecoder().decode(ListingQuery.self, from: old) == ListingQuery(text: "desk", categories: [.furniture], maxPriceCents: 2_000))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(ListingQuery.self, from: Data(#"{"category":"boats"}"#.utf8)) }
    }

    @Test("as a saved search it keeps every filter, drops the page, and reads back the same")
    func savedSearchRoundTrip() throws {
        var query = Self.full
        query.status = nil
        let kept = query.asSavedSearch
        #expect(kept.page == .first && kept.text == "calculus textbook" && kept.categories == [.textbooks, .notes])
        #expect(kept.problemsAsSavedSearch().isEmpty)
        let input = try JSONDecoder().decode(SavedSearchInput.self, from: try JSONEncoder().encode(SavedSearchInput(name: "Books", query: kept)))
        #expect(input.query == kept)
    }

    @Test("a bad parameter is named and left out; the others are read")
    func badParameters() {
        let (query, errors) = Self.read([URLQueryItem(name: "q", value: "desk"), URLQueryItem(name: "category", value: "boats"),
                                         URLQueryItem(name: "offer", value: "steal"), URLQueryItem(name: "minPriceCents", value: "-1"),
                                         URLQueryItem(name: "limit", value: "500"), URLQueryItem(name: "seller", value: "me")])
        #expect(query.text == "desk" && query.categories.isEmpty && query.offer == nil && query.minPriceCents == nil && query.page.limit == nil)
        #expect(Set(errors.keys) == ["category", "offer", "minPriceCents", "limit", "seller"])
        #expect(errors["minPriceCents"] == "must be a whole number from 0 to 100000000")
    }

    @Test("each rule has one message, under the parameter's name; a saved search's under query.")
    func rules() {
        let backwards = ListingQuery(minPriceCents: 900, maxPriceCents: 100)
        #expect(backwards.problems() == ["maxPriceCents": "must not be below the lowest price"])
        #expect(ListingQuery(sort: .relevance).problems() == ["sort": "relevance needs words to search for (q)"])
        #expect(ListingQuery(text: String(repeating: "a", count: 201)).problems()["q"] == "must be at most 200 characters")
        #expect(ListingQuery(text: "  desk  ").validated().map(\.text) == .success("desk"))

        #expect(ListingQuery(text: "desk", minPriceCents: 900, maxPriceCents: 100).problemsAsSavedSearch()
                == ["query.maxPriceCents": "must not be below the lowest price"])
        #expect(ListingQuery().problemsAsSavedSearch()["query"]?.description.hasPrefix("needs words or a filter") == true)
        #expect(ListingQuery(campus: "all").problemsAsSavedSearch()["query"] != nil)  // a campus alone narrows nothing down
        #expect(ListingQuery(text: "desk", status: .sold).problemsAsSavedSearch()["query.status"] != nil)
        #expect(ListingQuery(seller: UUID()).problemsAsSavedSearch().isEmpty)
    }

    @Test("a saved search's filters: any of its categories, its seller, its campus, its offer and prices")
    func matching() {
        let seller = UUID()
        func matches(_ query: ListingQuery, categories: [ListingCategory] = [.furniture], sale: Int? = 1_500, campus: String? = "umich.edu",
                     by who: UUID = seller) -> Bool {
            query.matchesFilters(categories: categories, condition: .good, salePriceCents: sale, rentPriceCents: nil, openToTrade: false,
                                 seller: who, campus: campus)
        }
        #expect(matches(ListingQuery(categories: [.notes, .furniture])))
        #expect(!matches(ListingQuery(categories: [.notes, .toys])))
        #expect(matches(ListingQuery(seller: seller)) && !matches(ListingQuery(seller: seller), by: UUID()))
        #expect(matches(ListingQuery(campus: "umich.edu")) && matches(ListingQuery(campus: "all")) && !matches(ListingQuery(campus: "utexas.edu")))
        #expect(!matches(ListingQuery(offer: .rent)) && matches(ListingQuery(offer: .buy)))
        #expect(matches(ListingQuery(maxPriceCents: 1_500)) && !matches(ListingQuery(maxPriceCents: 1_499)) && !matches(ListingQuery(minPriceCents: 1), sale: nil))
    }
}
