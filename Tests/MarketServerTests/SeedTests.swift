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
                    : nil,
                depositCents: (value("deposit_cents", as: Optional<Int64>.self) ?? nil).map(Int.init))

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

    @Test("the newest seeded listings get a picture of their category, different for each, stored and served like an upload")
    func seedPictures() async throws {
        try await withTestApp { app in
            try await app.seed(listings: 30, users: 5, photos: 8)

            let newest = try await app.searchListings("sort=newest&limit=30").items
            let photos = try await ListingPhotoRecord.query(on: app.db).all()
            #expect(photos.count == 8)
            #expect(Set(photos.map(\.fileName)).count == 8, "every picture differs")
            let pictured = Set(photos.map { $0.$listing.id })
            let newestIDs = try await ListingRecord.query(on: app.db).sort(\.$createdAt, .descending).limit(8).all().map { try $0.requireID() }
            #expect(pictured == Set(newestIDs), "the newest listings, the first a visitor sees")
            let card = try #require(newest.first { !$0.photos.isEmpty })
            let served = try await app.send(.GET, card.photos[0].url)
            #expect(served.status == .ok)
            #expect(served.headers.contentType?.description == "image/png")
            #expect(Array(served.body.readableBytesView.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(served.body.readableBytes < 20_000, "flat drawings deflate to a few kilobytes")
        }
    }

    @Test("a picture is a valid PNG of the drawing: every category draws, on its own backdrop, the same for the same seed")
    func pictureBytes() throws {
        for category in ListingCategory.allCases {
            let png = SeedPicture.png(of: category, seed: 7)
            #expect(png == SeedPicture.png(of: category, seed: 7))
            #expect(png != SeedPicture.png(of: category, seed: 8))
            let clean = try ImageScrubber.scrub(png)  // what an upload must pass
            #expect(clean.type == .png && clean.bytes == png && clean.width == 480 && clean.height == 360)
        }
    }
}
