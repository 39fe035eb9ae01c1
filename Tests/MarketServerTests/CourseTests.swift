import Foundation
import MarketCore
@testable import MarketServer
import Testing
import Vapor

/// Course pages: one course whatever the spelling, its listings, and its books learned from
/// the ISBNs listings name, with the lowest price now and the last sold price.
@Suite("Courses")
struct CourseTests {
    static let algorithms = "9780262046305"  // a valid ISBN-13
    static let structures = "9780131103627"

    static func book(_ title: String, isbn: String, course: String, price: Int) -> ListingInput {
        .sample(title, categories: ["textbooks"], salePriceCents: price, textbook: TextbookDetails(isbn: isbn, courseCode: course))
    }

    @Test("eecs 281, EECS-281 and EECS281 are one course: its listings, and its books with counts and the lowest price")
    func oneCourse() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            _ = try await app.createListing(Self.book("Intro to Algorithms", isbn: Self.algorithms, course: "eecs 281", price: 4_500), token: seller.token)
            _ = try await app.createListing(Self.book("CLRS, good copy", isbn: Self.algorithms, course: "EECS-281", price: 3_900), token: seller.token)
            _ = try await app.createListing(Self.book("The C Language", isbn: Self.structures, course: "EECS281", price: 2_000), token: seller.token)
            _ = try await app.createListing(Self.book("Calculus", isbn: Self.structures, course: "MATH 115", price: 1_000), token: seller.token)

            for spelling in ["EECS-281", "eecs281", "EECS%20281"] {
                let response = try await app.send(.GET, "/api/v1/courses/\(spelling)")
                #expect(response.status == .ok, "\(spelling)")
                let course = try response.decode(Course.self)
                #expect(course.code == "EECS 281")
                #expect(course.listings.count == 3)
                let algorithms = try #require(course.books.first { $0.isbn == Self.algorithms })
                #expect(algorithms.availableCount == 2 && algorithms.lowestPriceCents == 3_900 && algorithms.lastSoldPriceCents == nil)
                #expect(course.books.count == 2)
            }
            #expect(try await app.send(.GET, "/api/v1/courses/CHEM-130").status == .notFound)
            let bad = try await app.send(.GET, "/api/v1/courses/calculus")
            #expect(bad.status == .unprocessableEntity)
            #expect(try bad.error.fields?["code"] != nil)
        }
    }

    @Test("the last sold price comes from completed purchases; a sold book stays among the course's books")
    func lastSold() async throws {
        try await withTestApp { app in
            let deal = try await app.deal(Self.book("Intro to Algorithms", isbn: Self.algorithms, course: "EECS 281", price: 4_200))
            let order = try await app.placeOrder(deal)
            try await app.act(.accept, on: order.id, token: deal.seller.token)
            try await app.act(.ready, on: order.id, token: deal.seller.token)
            #expect(try await app.act(.complete, on: order.id, token: deal.seller.token, code: order.confirmationCode).status == .ok)

            let course = try await app.send(.GET, "/api/v1/courses/EECS-281").decode(Course.self)
            #expect(course.listings.isEmpty)
            let book = try #require(course.books.first)
            #expect(book.availableCount == 0 && book.lowestPriceCents == nil)
            #expect(book.lastSoldPriceCents == 4_200 && book.lastSoldAt != nil)
        }
    }

    @Test("courses are found by what was typed so far, with their listings on the market")
    func find() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            for course in ["EECS 281", "EECS 203", "EECS 281", "ECON 101"] {
                _ = try await app.createListing(Self.book("Book for \(course)", isbn: Self.algorithms, course: course, price: 1_000), token: seller.token)
            }
            let eecs = try await app.send(.GET, "/api/v1/courses?q=eecs").decode([CourseSummary].self)
            #expect(eecs == [CourseSummary(code: "EECS 203", activeListings: 1), CourseSummary(code: "EECS 281", activeListings: 2)])
            #expect(try await app.send(.GET, "/api/v1/courses?q=eecs-28").decode([CourseSummary].self).map(\.code) == ["EECS 281"])
            #expect(try await app.send(.GET, "/api/v1/courses?q=E").decode([CourseSummary].self).count == 3)
            #expect(try await app.send(.GET, "/api/v1/courses?q=zzz").decode([CourseSummary].self).isEmpty)
            #expect(try await app.send(.GET, "/api/v1/courses?q=123").status == .unprocessableEntity)
            #expect(try await app.send(.GET, "/api/v1/courses").status == .unprocessableEntity)
        }
    }

    @Test("the course page lists its books and listings; any spelling redirects to one address; a listing links to its course")
    func page() async throws {
        try await withTestApp { app in
            let seller = try await app.register()
            let clrs = try await app.createListing(Self.book("Intro to Algorithms", isbn: Self.algorithms, course: "eecs 281", price: 4_500), token: seller.token)
            _ = try await app.createListing(Self.book("CLRS, good copy", isbn: Self.algorithms, course: "EECS-281", price: 3_900), token: seller.token)

            let moved = try await app.send(.GET, "/courses/eecs281")
            #expect(moved.status == .movedPermanently && moved.headers.first(name: .location) == "/courses/EECS-281")
            let page = try await app.visit("/courses/EECS-281").text
            #expect(page.contains("<h1>EECS 281</h1>"))
            #expect(page.contains("2 on the market") && page.contains("from $39.00"))
            #expect(page.contains("CLRS, good copy") && page.contains("Intro to Algorithms"))
            let listing = try await app.visit("/listings/\(clrs.id.wireString)").text
            #expect(listing.contains(#"<a href="/courses/EECS-281">EECS 281</a>"#))
            #expect(try await app.send(.GET, "/courses/CHEM-130").status == .notFound)
        }
    }
}
