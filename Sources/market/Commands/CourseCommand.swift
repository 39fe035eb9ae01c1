import ArgumentParser
import Foundation
import MarketClient
import MarketCore

/// `market course CODE`: the books a course uses and what is on the market for it.
struct CourseCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "course", abstract: "A course's books (learned from listings) and its listings on the market.",
        discussion: "market course \"EECS 281\" (any spelling: eecs281, EECS-281); market course eecs --find lists the courses that begin so.")

    @Argument(help: "The course code, or its beginning with --find.") var code: String
    @Flag(help: "Find the courses whose code begins with CODE.") var find = false
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await global.run { context in
            if find {
                let courses: [CourseSummary] = try await context.client.send(CourseEndpoint.find(code))
                context.output.list(courses, courses, empty: "No course begins with “\(code)”.", columns: ["COURSE", "ON THE MARKET"]) {
                    [$0.code, String($0.activeListings)]
                }
                return
            }
            let course: Course = try await context.client.send(CourseEndpoint.show(code))
            context.output.show(course) {
                context.output.say(context.output.bold(course.code))
                context.output.list(course, course.books, empty: "No listing of this course names an ISBN yet.",
                                    columns: ["ISBN", "BOOK", "ON SALE", "FROM", "LAST SOLD"]) {
                    [$0.isbn, Format.short($0.title, 34), String($0.availableCount), Format.money($0.lowestPriceCents, $0.currency),
                     Format.money($0.lastSoldPriceCents, $0.currency)]
                }
                context.output.say("")
                context.output.list(course, course.listings, empty: "Nothing for this course is on the market now.",
                                    columns: ["ID", "TITLE", "OFFERS", "SELLER"]) {
                    [IDPrefix.short($0.id), Format.short($0.title), Format.offers($0), $0.seller.name]
                }
            }
        }
    }
}
