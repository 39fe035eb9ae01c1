import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// The listing's fields as options, shared by `sell` and `edit`.
struct ListingOptions: ParsableArguments {
    @Option(help: "3–100 characters.") var title: String?
    @Option(help: "A category (repeat for several): \(ListingCategory.allCases.map(\.rawValue).joined(separator: ", ")).")
    var category: [ListingCategory] = []
    @Option(help: "new, like_new, good, fair or poor.") var condition: ListingCondition?
    @Option(help: "A description (up to 5,000 characters).") var description: String?
    @Option(help: "Sale price, e.g. 25 or 12.50.") var price: String?
    @Option(name: .customLong("rent-price"), help: "Rent price per hour or day.") var rentPrice: String?
    @Option(name: .customLong("rent-unit"), help: "hour or day.") var rentUnit: RentUnit?
    @Option(help: "For rentals: a deposit held from hand-over until the return is confirmed, e.g. 50.") var deposit: String?
    @Flag(inversion: .prefixedNo, help: "Open to trade offers.") var trade: Bool?
    @Option(help: "Textbook: ISBN-10 or ISBN-13.") var isbn: String?
    @Option(help: "Textbook: author.") var author: String?
    @Option(help: "Textbook: edition.") var edition: String?
    @Option(help: "Textbook: course code, e.g. MATH 124.") var course: String?
    @Option(help: "The language it is written in, en or es: its words are searched by that language's rules. Told from the words when not given.")
    var language: ListingLanguage?

    var isEmpty: Bool {
        title == nil && category.isEmpty && condition == nil && description == nil && price == nil && rentPrice == nil
            && rentUnit == nil && deposit == nil && trade == nil && isbn == nil && author == nil && edition == nil && course == nil
            && language == nil
    }

    /// `base` with every option given applied over it.
    func applied(to base: ListingInput) throws -> ListingInput {
        var input = base
        if let title { input.title = title }
        if !category.isEmpty { input.categories = category.map(\.rawValue) }
        if let condition { input.condition = condition.rawValue }
        if let description { input.description = description }
        if let price { input.salePriceCents = try Parse.amount(price, option: "--price") }
        if let rentPrice { input.rentPriceCents = try Parse.amount(rentPrice, option: "--rent-price") }
        if let rentUnit { input.rentUnit = rentUnit.rawValue }
        if let deposit { input.depositCents = try Parse.amount(deposit, option: "--deposit") }
        if input.rentPriceCents != nil, input.rentUnit == nil { input.rentUnit = RentUnit.day.rawValue }
        if let trade { input.openToTrade = trade }
        if let language { input.language = language.rawValue }
        if isbn != nil || author != nil || edition != nil || course != nil {
            var book = input.textbook ?? TextbookDetails()
            if let isbn { book.isbn = isbn }
            if let author { book.author = author }
            if let edition { book.edition = edition }
            if let course { book.courseCode = course }
            input.textbook = book
        }
        return input
    }
}
