import Fluent
import Foundation
import MarketCore
import SQLKit

/// Course pages: the listings that name a course and the books the course uses, learned from
/// the ISBNs of its listings; and finding courses by what was typed so far. On a campus market,
/// a course is its campus's: a student sees their campus's listings (`TrustPolicy.campusFilter`).
struct Courses {
    let database: any Database
    let trust: TrustPolicy
    let presenter: ListingPresenter

    static let listingLimit = 50

    /// The course `code` names in any spelling; 422 for a code no course can have, 404 for one
    /// no listing ever named.
    func course(_ code: String, viewer: UserRecord?) async throws -> Course {
        guard let normalized = CourseCode.normalize(code) else {
            throw APIError.validation(["code": "must look like MATH 124 or CS 106B"])
        }
        let campus = try trust.campusFilter(asked: nil, viewer: viewer)
        var campusCondition: SQLQueryString = campus.map { "AND l.campus = \(bind: $0)" } ?? ""
        let campusOnly = ListingVisibility.campusOnlyListings(SearchCriteria(campus: campus), viewer: viewer, trust: trust)
        if let condition = campusOnly.condition(filteredTo: campus) { campusCondition = "\(campusCondition) AND \(condition)" }
        let rows = try await Self.activeListings(naming: normalized, where: campusCondition, on: database)
        let books = try await self.books(normalized, campus: campus, campusCondition: campusCondition)
        if rows.isEmpty, books.isEmpty {
            guard try await Self.anyListing(naming: normalized, where: campusCondition, on: database) else {
                throw APIError(.notFound, code: "course_not_found", message: "No listing names the course \(normalized) yet.")
            }
        }
        return Course(code: normalized, listings: try await presenter.present(rows), books: books)
    }

    /// Each ISBN the course's listings named: a title, how many are on the market, the lowest
    /// sale price now, and the price it last sold for on the campus.
    private func books(_ code: String, campus: String?, campusCondition: SQLQueryString) async throws -> [CourseBook] {
        let rows = try await Self.bookRows(of: code, where: campusCondition, on: database)
        guard !rows.isEmpty else { return [] }
        let isbns = try rows.map { try $0.decode(column: "isbn", as: String.self) }
        // The last completed sale of each ISBN on the campus, whatever course its listing named.
        var lastSale: [String: CompletedSales.Sale] = [:]
        for sale in try await CompletedSales(database: database).of(isbns: isbns, campus: campus) where lastSale[sale.isbn] == nil {
            lastSale[sale.isbn] = sale
        }
        return try rows.map { row in
            let isbn = try row.decode(column: "isbn", as: String.self)
            return CourseBook(isbn: isbn, title: try row.decode(column: "title", as: String.self),
                              availableCount: Int(try row.decode(column: "available", as: Int64?.self) ?? 0),
                              lowestPriceCents: try row.decode(column: "lowest", as: Int64?.self).map(Int.init),
                              lastSoldPriceCents: lastSale[isbn]?.priceCents, lastSoldAt: lastSale[isbn]?.at,
                              currency: try row.decode(column: "currency", as: String.self))
        }
    }

    /// Courses whose code begins with what was typed ("eecs 2"), a range read of the course
    /// index; at most 20, by code.
    func find(_ typed: String, viewer: UserRecord?) async throws -> [CourseSummary] {
        guard let prefix = CourseCode.prefix(typed) else {
            throw APIError.validation(["q": "must be the start of a course code, like EECS or EECS 2"])
        }
        let campus = try trust.campusFilter(asked: nil, viewer: viewer)
        let rows = try await Self.codes(beginningWith: prefix, campus: campus, on: database)
        return try rows.map {
            CourseSummary(code: try $0.decode(column: "course_code", as: String.self), activeListings: Int(try $0.decode(column: "active", as: Int64?.self) ?? 0))
        }
    }
}
