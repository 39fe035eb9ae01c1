import Foundation

/// The query as JSON (a saved search's `query`): the URL parameters' names and values, numbers as
/// numbers. A category list is one comma-separated string, as in the URL, so a search saved with
/// one category (the only kind there once was) reads as it was written.
extension ListingQuery: Codable {
    private enum Key: String, CodingKey {
        case q, category, offer, minPriceCents, maxPriceCents, condition, seller, campus, status, sort, limit, cursor
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func choice<T: RawRepresentable & CaseIterable>(_ key: Key) throws -> T? where T.RawValue == String {
            guard let raw = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let value: T = QueryParameters.known(raw) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "must be one of \(QueryParameters.cases(of: T.self))")
            }
            return value
        }
        var categories: [ListingCategory] = []
        for slug in try container.decodeIfPresent(String.self, forKey: .category)?.split(separator: ",") ?? [] {
            guard let category: ListingCategory = QueryParameters.known(slug) else {
                throw DecodingError.dataCorruptedError(forKey: .category, in: container, debugDescription: "not a category")
            }
            categories.append(category)
        }
        self.init(text: try container.decodeIfPresent(String.self, forKey: .q), categories: categories,
                  offer: try choice(.offer),
                  minPriceCents: try container.decodeIfPresent(Int.self, forKey: .minPriceCents),
                  maxPriceCents: try container.decodeIfPresent(Int.self, forKey: .maxPriceCents),
                  condition: try choice(.condition),
                  seller: try container.decodeIfPresent(UUID.self, forKey: .seller),
                  campus: try container.decodeIfPresent(String.self, forKey: .campus),
                  status: try choice(.status), sort: try choice(.sort),
                  page: PageRequest(limit: try container.decodeIfPresent(Int.self, forKey: .limit),
                                    cursor: try container.decodeIfPresent(String.self, forKey: .cursor)))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encodeIfPresent(text, forKey: .q)
        try container.encodeIfPresent(categoryList, forKey: .category)
        try container.encodeIfPresent(offer?.rawValue, forKey: .offer)
        try container.encodeIfPresent(minPriceCents, forKey: .minPriceCents)
        try container.encodeIfPresent(maxPriceCents, forKey: .maxPriceCents)
        try container.encodeIfPresent(condition?.rawValue, forKey: .condition)
        try container.encodeIfPresent(seller, forKey: .seller)
        try container.encodeIfPresent(campus, forKey: .campus)
        try container.encodeIfPresent(status?.rawValue, forKey: .status)
        try container.encodeIfPresent(sort?.rawValue, forKey: .sort)
        try container.encodeIfPresent(page.limit, forKey: .limit)
        try container.encodeIfPresent(page.cursor, forKey: .cursor)
    }
}
