import Foundation
import MarketCore

/// `/api/v1/courses`: courses by prefix, and one course's listings and books.
public enum CourseEndpoint: Endpoint {
    /// Answers `[CourseSummary]` whose codes begin with `typed` ("eecs 2").
    case find(String)
    /// Answers the `Course` (any spelling of its code).
    case show(String)

    public var method: String { "GET" }

    public var path: String {
        switch self {
        case .find: "courses"
        case .show(let code): "courses/\(Course.slug(CourseCode.normalize(code) ?? code).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? code)"
        }
    }

    public var queryItems: [URLQueryItem] {
        guard case .find(let typed) = self else { return [] }
        return [URLQueryItem(name: "q", value: typed)]
    }
}

/// `/api/v1/price-guidance`: what a book sold for on the campus (for the editor's price step).
public enum PriceGuidanceEndpoint: Endpoint {
    /// Answers `PriceGuidance`; its figures are nil below three sales.
    case guidance(isbn: String, condition: ListingCondition)

    public var method: String { "GET" }
    public var path: String { "price-guidance" }

    public var queryItems: [URLQueryItem] {
        guard case .guidance(let isbn, let condition) = self else { return [] }
        return [URLQueryItem(name: "isbn", value: isbn), URLQueryItem(name: "condition", value: condition.rawValue)]
    }
}
