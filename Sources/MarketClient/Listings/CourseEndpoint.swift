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
