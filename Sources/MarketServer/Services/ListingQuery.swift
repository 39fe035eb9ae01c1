import Foundation
import MarketCore
import Vapor

/// The feed's and search's parameters, checked. Built from the URL query of `GET /api/v1/listings`.
struct ListingQuery: Sendable {
    var text: SearchText?
    var categoryMask: Int64?
    var offer: OfferKind?
    var minPriceCents: Int?
    var maxPriceCents: Int?
    var condition: ListingCondition?
    var sellerID: UUID?
    var campus: String?
    var status: ListingStatus = .active
    var sort: ListingSort
    var limit: Int
    var cursor: ListingCursor?

    static let defaultLimit = 20
    static let maxLimit = 100

    /// Reads the URL query; every bad parameter is named in one 422.
    init(from request: Request) throws {
        struct Raw: Decodable {
            var q: String?, category: String?, offer: String?, condition: String?, seller: String?, campus: String?
            var status: String?, sort: String?, cursor: String?
            var minPriceCents: String?, maxPriceCents: String?, limit: String?
        }
        let raw = (try? request.query.decode(Raw.self)) ?? Raw()
        var errors = FieldErrors()
        // A typed parameter that is present must be valid, even when empty ("?offer=" is a mistake).
        func parse<T: RawRepresentable>(_ value: String?, _ field: String) -> T? where T.RawValue == String, T: CaseIterable {
            guard let value else { return nil }
            if let parsed = T(rawValue: value) { return parsed }
            errors[field] = "must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))"
            return nil
        }
        func integer(_ value: String?, _ field: String, _ range: ClosedRange<Int>) -> Int? {
            guard let value else { return nil }
            if let number = Int(value), range.contains(number) { return number }
            errors[field] = "must be a whole number from \(range.lowerBound) to \(range.upperBound)"
            return nil
        }

        let trimmed = raw.q?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if trimmed.count > 200 { errors["q"] = "must be at most 200 characters" }
        text = trimmed.isEmpty || trimmed.count > 200 ? nil : SearchText(trimmed)

        if let list = raw.category, !list.isEmpty {
            var mask: Int64 = 0
            for slug in list.split(separator: ",") {
                if let category = ListingCategory(rawValue: String(slug)) { mask |= category.bit } else {
                    errors["category"] = "must be one or more (comma-separated) of \(ListingCategory.allCases.map(\.rawValue).joined(separator: ", "))"
                }
            }
            categoryMask = mask == 0 ? nil : mask
        }
        offer = parse(raw.offer, "offer")
        condition = parse(raw.condition, "condition")
        status = parse(raw.status, "status") ?? .active
        minPriceCents = integer(raw.minPriceCents, "minPriceCents", 0...Money.maxMinorUnits)
        maxPriceCents = integer(raw.maxPriceCents, "maxPriceCents", 0...Money.maxMinorUnits)
        if let minPriceCents, let maxPriceCents, minPriceCents > maxPriceCents {
            errors["maxPriceCents"] = "must be at least minPriceCents"
        }
        if let seller = raw.seller {
            sellerID = UUID(uuidString: seller)
            if sellerID == nil { errors["seller"] = "must be a user id (UUID)" }
        }
        campus = raw.campus.flatMap { $0.isEmpty ? nil : $0 }
        limit = integer(raw.limit, "limit", 1...Self.maxLimit) ?? Self.defaultLimit
        let requestedSort: ListingSort? = parse(raw.sort, "sort")
        sort = requestedSort ?? (text == nil ? .newest : .relevance)
        if sort == .relevance, text == nil {
            errors["sort"] = "relevance needs a search query q"
        }
        if let token = raw.cursor, !token.isEmpty {
            cursor = ListingCursor(token: token)
            if cursor == nil { errors["cursor"] = "is not a cursor this server issued" }
        }
        try APIError.check(errors)
    }
}
