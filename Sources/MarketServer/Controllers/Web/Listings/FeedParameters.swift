import Foundation
import MarketCore
import Vapor

/// The feed page's URL: the API's search parameters, except that prices are typed in currency
/// units (`min=10`) and `view` picks list or grid. A bad parameter is named on the page and
/// left out of the search, so a person always gets results.
struct FeedParameters {
    var text: String
    var categories: [ListingCategory]
    var offer: OfferKind?
    var condition: ListingCondition?
    var sort: ListingSort?
    var minText: String
    var maxText: String
    var view: String
    /// `campus` as in the address: nil (the viewer's own campus), `all`, or a campus id.
    var campus: String?
    /// The campuses configured (empty on an open board: no picker), and the viewer's own.
    var campuses: [CampusInfo] = []
    var viewerCampus: CampusMembership?
    var query: SearchCriteria
    var problems: [String] = []

    init(reading reader: inout QueryReader, request: Request) {
        text = reader.string("q")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        if text.count > ListingQuery.maxTextLength { text = String(text.prefix(ListingQuery.maxTextLength)) }
        categories = reader.list("category", of: ListingCategory.self)
        offer = Self.blankIsNil(reader.string("offer")).flatMap(OfferKind.init(rawValue:))
        condition = Self.blankIsNil(reader.string("condition")).flatMap(ListingCondition.init(rawValue:))
        sort = Self.blankIsNil(reader.string("sort")).flatMap(ListingSort.init(rawValue:))
        if sort == .relevance, text.isEmpty { sort = nil }
        minText = reader.string("min") ?? ""
        maxText = reader.string("max") ?? ""
        view = reader.string("view") == "grid" ? "grid" : "list"
        let directory = request.application.settings.campuses
        campuses = directory.campuses.map(\.info)
        viewerCampus = request.auth.get(Session.self).flatMap { request.domain.trust.membership(of: $0.user) }
        campus = Self.blankIsNil(reader.string("campus"))
        if let asked = campus, asked != "all", directory.campus(id: asked) == nil || !directory.isConfigured {
            if directory.isConfigured { problems.append("There is no campus “\(asked)” here; showing every campus.") }
            campus = directory.isConfigured ? "all" : asked
        }
        var minCents: Int?
        var maxCents: Int?
        if !minText.isEmpty {
            minCents = MoneyText.parse(minText)
            if minCents == nil { problems.append("The lowest price must be an amount such as 10 or 12.50.") }
        }
        if !maxText.isEmpty {
            maxCents = MoneyText.parse(maxText)
            if maxCents == nil { problems.append("The highest price must be an amount such as 10 or 12.50.") }
        }
        if let low = minCents, let high = maxCents, low > high {
            problems.append("The highest price is below the lowest; showing all prices.")
            minCents = nil
            maxCents = nil
        }
        let cursor = reader.token("cursor", as: ListingCursor.self)
        if !reader.errors.isEmpty { problems.append("Part of this address could not be read; it was left out.") }
        query = SearchCriteria(text: text, categories: categories, offer: offer, minPriceCents: minCents, maxPriceCents: maxCents,
                             condition: condition, sort: sort, limit: 24, cursor: cursor)
        query.campusAsked = campus
    }

    private static func blankIsNil(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }

    /// This search as one to keep ("Save this search"): its words and filters, the first category.
    var savedSearchQuery: SavedSearchQuery {
        SavedSearchQuery(q: text.isEmpty ? nil : text, category: categories.first, offer: offer, condition: condition,
                         minPriceCents: query.minPriceCents, maxPriceCents: query.maxPriceCents)
    }

    /// The campus whose listings show, by name, when it is one campus.
    var campusShown: String? {
        switch campus {
        case nil: viewerCampus?.name
        case "all"?: nil
        case let id?: campuses.first { $0.id == id }?.name
        }
    }

    var hasFilters: Bool {
        !categories.isEmpty || offer != nil || condition != nil || !minText.isEmpty || !maxText.isEmpty
    }
    var hasCriteria: Bool { hasFilters || !text.isEmpty }
    var categorySlugs: String { categories.map(\.rawValue).joined(separator: ",") }

    var heading: String {
        if !text.isEmpty { return "Results" }
        if categories.count == 1 { return categories[0].label }
        if let name = campusShown { return "Latest at \(name)" }
        return "Latest on campus"
    }

    /// This search's address with some parameters changed.
    func href(view: String? = nil, categories: [ListingCategory]? = nil, cursor: String? = nil, clearingFilters: Bool = false) -> String {
        var items: [(String, String)] = []
        if !text.isEmpty { items.append(("q", text)) }
        let chosen = clearingFilters ? [] : (categories ?? self.categories)
        if !chosen.isEmpty { items.append(("category", chosen.map(\.rawValue).joined(separator: ","))) }
        if !clearingFilters {
            if let offer { items.append(("offer", offer.rawValue)) }
            if let condition { items.append(("condition", condition.rawValue)) }
            if !minText.isEmpty { items.append(("min", minText)) }
            if !maxText.isEmpty { items.append(("max", maxText)) }
        }
        if let campus { items.append(("campus", campus)) }
        if let sort { items.append(("sort", sort.rawValue)) }
        let view = view ?? self.view
        if view == "grid" { items.append(("view", "grid")) }
        if let cursor { items.append(("cursor", cursor)) }
        guard !items.isEmpty else { return "/" }
        return "/?" + items.map { "\($0.0)=\(Self.escape($0.1))" }.joined(separator: "&")
    }

    /// Built once, as every chip's link uses it. (Letters beyond ASCII are escaped all the same.)
    private static let unreserved = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-._~,"))

    /// A value of plain ASCII letters, digits and `-._~,` (a category, a cursor) is its own
    /// escape; Foundation's escaping, for the rest, was a twentieth of the feed page.
    private static func escape(_ value: String) -> String {
        let plain = value.utf8.allSatisfy { byte in
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || "-._~,".utf8.contains(byte)
        }
        return plain ? value : value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    func chips() -> [FeedController.Chip] {
        [FeedController.Chip(label: "All", href: href(categories: []), selected: categories.isEmpty)]
            + ListingCategory.allCases.map { category in
                FeedController.Chip(label: category.label, href: href(categories: [category]),
                                    selected: categories == [category])
            }
    }

    func filterFields() -> [FormField] {
        var sorts = [(value: "", label: "Newest")]
        if !text.isEmpty { sorts = [(value: "", label: ListingSort.relevance.label), (value: "newest", label: "Newest")] }
        sorts += [ListingSort.priceAsc, .priceDesc].map { (value: $0.rawValue, label: $0.label) }
        let sortValue = sort == .newest && text.isEmpty ? "" : sort?.rawValue
        var fields: [FormField] = []
        if !campuses.isEmpty {
            // Left out of the address, a signed-in student's own campus; anyone else sees every campus.
            let first = viewerCampus.map { (value: "", label: "My campus (\($0.name))") } ?? (value: "", label: "All campuses")
            var choices = [first]
            if viewerCampus != nil { choices.append((value: "all", label: "All campuses")) }
            choices += campuses.filter { $0.id != viewerCampus?.id }.map { (value: $0.id, label: $0.name) }
            fields.append(.select("campus", "Campus", choices: choices, selected: campus == "all" && viewerCampus == nil ? "" : campus))
        }
        return fields + [
            .select("offer", "Offer", choices: [(value: "", label: "Any")] + OfferKind.allCases.map { (value: $0.rawValue, label: $0.label) },
                    selected: offer?.rawValue),
            .select("condition", "Condition",
                    choices: [(value: "", label: "Any")] + ListingCondition.allCases.map { (value: $0.rawValue, label: $0.label) },
                    selected: condition?.rawValue),
            FormField("min", "Lowest price", value: minText, inputMode: "decimal"),
            FormField("max", "Highest price", value: maxText, inputMode: "decimal"),
            .select("sort", "Sort by", choices: sorts, selected: sortValue),
        ]
    }
}
