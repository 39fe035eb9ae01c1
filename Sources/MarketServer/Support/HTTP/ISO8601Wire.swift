import Foundation

/// Times on the wire are ISO 8601 in UTC. We write whole seconds and read both whole and
/// fractional seconds (`2026-11-22T10:00:00Z`, `2026-11-22T10:00:00.250Z`), since JavaScript's
/// `toISOString()` and many clients send milliseconds.
enum ISO8601Wire {
    static func date(from text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    static let decoding: JSONDecoder.DateDecodingStrategy = .custom { decoder in
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = date(from: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Expected an ISO 8601 date-time, got '\(text)'.")
        }
        return date
    }
}
