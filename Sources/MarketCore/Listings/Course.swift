import Foundation

/// A course as the market knows it from its listings: what is for sale now, and the books the
/// course uses, learned from the ISBNs its listings name (`GET /api/v1/courses/{code}`).
public struct Course: Codable, Sendable, Equatable {
    /// Normalized: "EECS 281".
    public var code: String
    /// Listings on the market now that name the course, newest first (at most 50).
    public var listings: [Listing]
    public var books: [CourseBook]

    public init(code: String, listings: [Listing], books: [CourseBook]) {
        self.code = code
        self.listings = listings
        self.books = books
    }

    /// The course's address on the web and in links: `/courses/EECS-281`.
    public static func slug(_ code: String) -> String { code.replacingOccurrences(of: " ", with: "-") }
}

/// A course found by prefix (`GET /api/v1/courses?q=eecs`).
public struct CourseSummary: Codable, Sendable, Equatable, Identifiable {
    public var code: String
    /// Its listings on the market now.
    public var activeListings: Int

    public var id: String { code }

    public init(code: String, activeListings: Int) {
        self.code = code
        self.activeListings = activeListings
    }
}
