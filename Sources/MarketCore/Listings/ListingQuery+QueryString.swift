import Foundation

/// The query as URL parameters: `q`, `category` (comma-separated), `offer`, `minPriceCents`,
/// `maxPriceCents`, `condition`, `seller`, `campus`, `status`, `sort`, `limit` and `cursor`.
extension ListingQuery {
    /// Reads the parameters; a bad one is named in `parameters.errors` and left out. Rules across
    /// parameters are `problems()`'.
    public init(reading parameters: inout QueryParameters) {
        self.init(text: parameters.string("q"),
                  categories: parameters.list("category", of: ListingCategory.self),
                  offer: parameters.choice("offer"),
                  minPriceCents: parameters.integer("minPriceCents", in: Self.priceRange),
                  maxPriceCents: parameters.integer("maxPriceCents", in: Self.priceRange),
                  condition: parameters.choice("condition"),
                  seller: parameters.uuid("seller"),
                  campus: parameters.string("campus").flatMap { $0.isEmpty ? nil : $0 },
                  status: parameters.choice("status"),
                  sort: parameters.choice("sort"),
                  page: PageRequest(limit: parameters.integer("limit", in: 1...PageRequest.maxLimit),
                                    cursor: parameters.string("cursor").flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// The parameters, in that order, each only when set.
    public var queryItems: [URLQueryItem] {
        let pairs: [(String, String?)] = [
            ("q", text), ("category", categoryList),
            ("offer", offer?.rawValue), ("minPriceCents", minPriceCents.map(String.init)),
            ("maxPriceCents", maxPriceCents.map(String.init)), ("condition", condition?.rawValue),
            ("seller", seller?.wireString), ("campus", campus), ("status", status?.rawValue), ("sort", sort?.rawValue),
            ("limit", page.limit.map(String.init)), ("cursor", page.cursor),
        ]
        return pairs.compactMap { name, value in value.map { URLQueryItem(name: name, value: $0) } }
    }

    /// `category` as the URL and the JSON write it: the slugs, comma-separated; nil for none.
    var categoryList: String? {
        categories.isEmpty ? nil : categories.map(\.rawValue).joined(separator: ",")
    }
}
