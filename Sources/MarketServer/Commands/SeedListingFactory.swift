import Foundation
import MarketCore

/// Makes one realistic listing row at a time from a seeded generator.
struct SeedListingFactory {
    var random: SeededGenerator

    /// The values of one `listings` row, in `ListingRecord.insertColumns` order.
    struct Row: Sendable {
        var values: [any Encodable & Sendable]
        var listingID: UUID
        var sellerID: UUID
        /// The first category: what the listing's picture shows.
        var category: ListingCategory
        /// What a student searching for it would type, and what it costs (saved searches' seed).
        var title: String
        var priceCents: Int?
    }


    mutating func row(seller: (id: UUID, campus: String), createdAt: Date, now: Date) -> Row {
        let isTextbook = chance(0.3)
        let isNotes = !isTextbook && chance(0.08)
        var categories: [ListingCategory]
        var title: String
        var description: String
        var priceRange: ClosedRange<Int>
        var author: String?, edition: String?, isbn: String?, courseCode: String?
        if isTextbook || isNotes {
            let book = pick(SeedCatalogue.textbooks)
            let course = "\(book.department) \(int(100...499))"
            courseCode = course
            if isTextbook {
                categories = [.textbooks]
                title = book.title
                author = book.author
                edition = "\(Self.ordinal(int(2...12))) edition"
                isbn = randomISBN()
                description = "\(book.title) by \(book.author), \(edition!). Used for \(course). \(pick(SeedCatalogue.adjectives).capitalized), \(pick(SeedCatalogue.details).lowercased()) \(pick(SeedCatalogue.reasons))"
                priceRange = 1_500...15_000
            } else {
                categories = [.notes]
                title = "\(course) lecture notes, \(pick(SeedCatalogue.terms))"
                description = "Complete typed notes for \(course) (\(book.title)). Covers every lecture and the final review. \(pick(SeedCatalogue.details))"
                priceRange = 300...3_000
            }
        } else {
            let (category, nouns, range) = pick(SeedCatalogue.goods)
            categories = [category]
            if category == .outdoor, chance(0.3) { categories.append(.sportingGoods) }
            let noun = pick(nouns)
            let branded = (category == .electronics || category == .homeAppliances) && chance(0.6)
            title = branded ? "\(pick(SeedCatalogue.brands)) \(noun)" : "\(pick(SeedCatalogue.adjectives).capitalized) \(noun)"
            description = "\(pick(SeedCatalogue.adjectives).capitalized) \(noun). \(pick(SeedCatalogue.details)) \(pick(SeedCatalogue.details)) \(pick(SeedCatalogue.reasons))"
            priceRange = range
        }

        var sale: Int64? = chance(0.75) ? Int64(roundPrice(int(priceRange))) : nil
        var rent: Int64?
        var rentUnit: String?
        if !isNotes, chance(0.25) {
            let perDay = chance(0.7)
            rentUnit = perDay ? RentUnit.day.rawValue : RentUnit.hour.rawValue
            rent = Int64(roundPrice(max(100, priceRange.lowerBound / (perDay ? 10 : 40) + int(0...priceRange.lowerBound / 5))))
        }
        // Some owners ask a deposit for what they lend: five times the rent, rounded. Chosen by
        // the rent itself, not a new draw, so the rest of the data stays as it was for a seed.
        let deposit: Int64? = rent.flatMap { $0 / 100 % 2 == 0 ? Int64(roundPrice(Int($0 * 5))) : nil }
        var trade = chance(0.2)
        if sale == nil, rent == nil, !trade {
            if chance(0.5) { trade = true } else { sale = Int64(roundPrice(int(priceRange))) }
        }
        let roll = int(0...99)
        let status: ListingStatus = roll < 85 ? .active : roll < 95 ? .sold : .archived
        let recent = now.timeIntervalSince(createdAt) < 30 * 86_400
        let featuredUntil: Date? = status == .active && recent && chance(0.002) ? now.addingTimeInterval(Double(int(3_600...7 * 86_400))) : nil

        let id = uuid()
        let values: [any Encodable & Sendable] = [
            id, seller.id, title, description, ListingCategory.mask(categories), pick(ListingCondition.allCases).rawValue,
            sale, rent, rentUnit, trade, sale ?? rent, "USD", author, edition, isbn, courseCode, seller.campus,
            status.rawValue, featuredUntil, createdAt, createdAt, deposit, !SeedCommand.sellerPrivacy.shownOutsideCampus,
        ]
        return Row(values: values, listingID: id, sellerID: seller.id, category: categories[0], title: title, priceCents: (sale ?? rent).map { Int($0) })
    }

    mutating func uuid() -> UUID {
        var bytes = (0..<16).map { _ in UInt8.random(in: 0...255, using: &random) }
        bytes[6] = (bytes[6] & 0x0F) | 0x40  // version 4
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }

    mutating func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &random) }
    mutating func chance(_ probability: Double) -> Bool { Double.random(in: 0..<1, using: &random) < probability }

    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }

    /// Prices people actually ask: whole dollars, often ending in 0 or 5.
    private func roundPrice(_ cents: Int) -> Int { max(100, cents / 500 * 500) }

    /// A valid ISBN-13 with a 978 prefix.
    private mutating func randomISBN() -> String {
        let stem = "978" + (0..<9).map { _ in String(int(0...9)) }.joined()
        return (0...9).lazy.compactMap { ISBN.normalize(stem + String($0)) }.first!
    }
}

/// The seeder writes listings a thousand at a time with one INSERT each.
extension ListingRecord: HandInserted {
    static let insertColumns = ["id", "seller_id", "title", "description", "category_mask", "condition", "sale_price_cents",
                                "rent_price_cents", "rent_unit", "open_to_trade", "sort_price_cents", "currency", "author", "edition",
                                "isbn", "course_code", "campus", "status", "featured_until", "created_at", "updated_at", "deposit_cents",
                                "campus_only"]
    /// The database numbers rows; a new listing's version is its column's default, 1; the seeded
    /// listings are English, the language's default, with no Spanish stems.
    static let notInserted: Set<String> = ["seq", "version", "language", "title_stems", "description_stems"]
}
