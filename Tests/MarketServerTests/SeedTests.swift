import Fluent
import Foundation
import MarketCore
@testable import MarketServer
import Testing

@Suite("Seed data")
struct SeedTests {
    static func rows(seed: UInt64, count: Int) -> [[String]] {
        var factory = SeedListingFactory(random: SeededGenerator(seed: seed))
        let seller = (id: UUID(uuidString: "5EC77ADE-1619-43C1-9C0E-ED2C0FCB0ECF")!, campus: "uw.edu")
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        return (0..<count).map { index in
            factory.row(seller: seller, createdAt: now.addingTimeInterval(Double(index)), now: now).values.map { String(describing: $0) }
        }
    }

    @Test("the same seed makes the same listings; another seed makes others")
    func deterministic() {
        let first = Self.rows(seed: 42, count: 200), again = Self.rows(seed: 42, count: 200), other = Self.rows(seed: 43, count: 200)

        #expect(zip(first, again).filter { $0 != $1 }.count == 0)
        #expect(zip(first, other).filter { $0 != $1 }.count > 150)
    }

    @Test("seeded listings pass the same validation as listings students create")
    func valid() throws {
        var factory = SeedListingFactory(random: SeededGenerator(seed: 9))
        let columns = ListingRecord.insertColumns
        for _ in 0..<2_000 {
            let values = factory.row(seller: (UUID(), "uw.edu"), createdAt: Date(), now: Date()).values
            func value<T>(_ column: String, as: T.Type) -> T? { values[columns.firstIndex(of: column)!] as? T }
            let categories = ListingCategory.from(mask: try #require(value("category_mask", as: Int64.self)))
            let isbn = value("isbn", as: Optional<String>.self) ?? nil
            let input = ListingInput(
                title: value("title", as: String.self), description: value("description", as: String.self),
                categories: categories.map(\.rawValue), condition: value("condition", as: String.self),
                salePriceCents: (value("sale_price_cents", as: Optional<Int64>.self) ?? nil).map(Int.init),
                rentPriceCents: (value("rent_price_cents", as: Optional<Int64>.self) ?? nil).map(Int.init),
                rentUnit: value("rent_unit", as: Optional<String>.self) ?? nil,
                openToTrade: value("open_to_trade", as: Bool.self),
                textbook: categories.contains(.textbooks)
                    ? TextbookDetails(author: value("author", as: Optional<String>.self) ?? nil, isbn: isbn,
                                      courseCode: value("course_code", as: Optional<String>.self) ?? nil)
                    : nil)

            let result = input.validated(defaultCurrency: "USD")

            if case .failure(let errors) = result { Issue.record("invalid seed listing \(values): \(errors.fields)") }
            if let edition = value("edition", as: Optional<String>.self) ?? nil {
                #expect(["st", "nd", "rd", "th"].contains(String(edition.prefix { $0 != " " }.suffix(2))) && !edition.hasPrefix("2th") && !edition.hasPrefix("3th"))
            }
        }
    }

    @Test("the seed command fills the database, and search finds its listings")
    func seedCommand() async throws {
        try await withTestApp { app in
            try await app.seed(listings: 300, users: 10)

            #expect(try await ListingRecord.query(on: app.db).count() == 300)
            #expect(try await UserRecord.query(on: app.db).count() == 10)
            let textbooks = try await app.searchListings("category=textbooks&limit=100").items
            let first = try #require(textbooks.first(where: { $0.textbook?.isbn != nil }))
            let byISBN = try await app.searchListings("q=\(first.textbook!.isbn!)").items
            #expect(byISBN.contains { $0.id == first.id })
        }
    }
}
