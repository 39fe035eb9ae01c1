import Fluent
import Foundation
import MarketCore
import SQLKit

/// The statements `Courses` runs on the course index of `listings`, in one place: its rules read
/// them by name. `campusCondition` is SQL beginning with AND, on the listings as `l`.
extension Courses {
    /// The course's active listings, newest first.
    static func activeListings(naming code: String, where campusCondition: SQLQueryString, on db: any Database) async throws -> [ListingRow] {
        try await db.sql.raw("""
            SELECT \(unsafeRaw: ListingRow.selectList), u.public_name AS seller_name FROM listings l LEFT JOIN users u ON u.id = l.seller_id
            WHERE l.course_code = \(bind: code) AND l.status = \(bind: ListingStatus.active.rawValue) \(campusCondition)
            ORDER BY l.created_at DESC, l.seq DESC LIMIT \(literal: listingLimit)
            """).all().map(ListingRow.init(row:))
    }

    /// Whether any listing, in any state, ever named the course.
    static func anyListing(naming code: String, where campusCondition: SQLQueryString, on db: any Database) async throws -> Bool {
        try await db.sql.raw("SELECT 1 AS named FROM listings l WHERE l.course_code = \(bind: code) \(campusCondition) LIMIT 1").first() != nil
    }

    /// Each ISBN the course's listings named, with a title, how many are active and the lowest
    /// active sale price (columns isbn, title, currency, available, lowest); the most offered first.
    static func bookRows(of code: String, where campusCondition: SQLQueryString, on db: any Database) async throws -> [any SQLRow] {
        let active = ListingStatus.active.rawValue
        return try await db.sql.raw("""
            SELECT l.isbn, MAX(l.title) AS title, MAX(l.currency) AS currency,
                   SUM(CASE WHEN l.status = \(bind: active) THEN 1 ELSE 0 END) AS available,
                   MIN(CASE WHEN l.status = \(bind: active) THEN l.sale_price_cents END) AS lowest
            FROM listings l WHERE l.course_code = \(bind: code) AND l.isbn IS NOT NULL \(campusCondition)
            GROUP BY l.isbn ORDER BY available DESC, l.isbn LIMIT 30
            """).all()
    }

    /// Up to 20 course codes beginning with `prefix`, by code, with their active listings (columns
    /// course_code, active): a range read of the course index.
    static func codes(beginningWith prefix: String, campus: String?, on db: any Database) async throws -> [any SQLRow] {
        let campusCondition: SQLQueryString = campus.map { "AND campus = \(bind: $0)" } ?? ""
        // Every code that starts with the prefix sorts at or after it and before its successor.
        let end = String(prefix.dropLast()) + String(UnicodeScalar(prefix.unicodeScalars.last!.value + 1)!)
        return try await db.sql.raw("""
            SELECT course_code, SUM(CASE WHEN status = \(bind: ListingStatus.active.rawValue) THEN 1 ELSE 0 END) AS active
            FROM listings WHERE course_code >= \(bind: prefix) AND course_code < \(bind: end) \(campusCondition)
            GROUP BY course_code ORDER BY course_code LIMIT 20
            """).all()
    }
}
