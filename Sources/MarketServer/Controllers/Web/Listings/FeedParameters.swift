import Foundation
import MarketCore
import Vapor

/// The feed page's address: a `ListingQuery`, read as the API reads it (an empty parameter is
/// absent: a form sends its blank fields), and what only a page needs beyond it: prices typed in
/// currency units (`min=10`, `max=12.50`; the API's `minPriceCents` is read too, as a saved
/// search's link writes it) and `view`, list or grid. A bad parameter, or a rule the query breaks,
/// is named on the page and left out of the search, so a person always gets results.
struct FeedParameters {
    var query: ListingQuery
    var minText: String
    var maxText: String
    var view: String
    /// The campuses configured (empty on an open board: no picker), and the viewer's own.
    var campuses: [CampusInfo] = []
    var viewerCampus: CampusMembership?
    var criteria: SearchCriteria
    var problems: [String] = []

    /// How the page names a query parameter in a sentence.
    private static let labels = ["q": "The words", "minPriceCents": "The lowest price", "maxPriceCents": "The highest price",
                                 "sort": "The order"]

    init(request: Request) {
        var reader = QueryReader(values: request.queryValues.filter { !$0.value.isEmpty })
        let cursor = reader.token("cursor", as: ListingCursor.self)
        query = ListingQuery(reading: &reader.parameters)
        // The web feed lists what is on the market, a page of 24.
        (query.status, query.page) = (nil, .first)
        if let text = query.trimmedText { query.text = String(text.prefix(ListingQuery.maxTextLength)) } else { query.text = nil }
        if query.sort == .relevance, query.text == nil { query.sort = nil }
        minText = reader.string("min") ?? query.minPriceCents.map(MoneyText.plain) ?? ""
        maxText = reader.string("max") ?? query.maxPriceCents.map(MoneyText.plain) ?? ""
        view = reader.string("view") == "grid" ? "grid" : "list"
        let directory = request.application.settings.campuses
        campuses = directory.campuses.map(\.info)
        viewerCampus = request.auth.get(Session.self).flatMap { request.domain.trust.membership(of: $0.user) }
        if let asked = query.campus, asked != "all", directory.campus(id: asked) == nil || !directory.isConfigured {
            if directory.isConfigured { problems.append("There is no campus “\(asked)” here; showing every campus.") }
            query.campus = directory.isConfigured ? "all" : asked
        }
        var typed = FieldErrors()
        if reader.string("min") != nil { query.minPriceCents = MoneyText.field(minText, named: "minPriceCents", into: &typed) }
        if reader.string("max") != nil { query.maxPriceCents = MoneyText.field(maxText, named: "maxPriceCents", into: &typed) }
        for (field, problem) in typed.merging(query.problems(), uniquingKeysWith: { first, _ in first }).sorted(by: { $0.key < $1.key }) {
            let label = Self.labels[field] ?? field
            if field.hasSuffix("PriceCents") {
                problems.append("\(label) \(problem); showing every price.")
                (query.minPriceCents, query.maxPriceCents) = (nil, nil)
            } else {
                problems.append("\(label) \(problem); it was left out.")
                if field == "q" { query.text = nil }
                if field == "sort" { query.sort = nil }
            }
        }
        if !reader.errors.isEmpty {
            problems.append("Part of this address could not be read; it was left out.")
        }
        query.page = PageRequest(limit: 24)
        criteria = SearchCriteria(query, cursor: cursor)
        query.page = .first
    }

    var text: String { query.text ?? "" }
    var categories: [ListingCategory] { query.categories }

    /// The campus whose listings show, by name, when it is one campus.
    var campusShown: String? {
        switch query.campus {
        case nil: viewerCampus?.name
        case "all"?: nil
        case let id?: campuses.first { $0.id == id }?.name
        }
    }

    var hasFilters: Bool { query.hasFilters || !minText.isEmpty || !maxText.isEmpty }
    var hasCriteria: Bool { hasFilters || !text.isEmpty }
    var categorySlugs: String { categories.map(\.rawValue).joined(separator: ",") }

    var heading: Phrase {
        if !text.isEmpty { return "Results" }
        if categories.count == 1 { return categories[0].label }
        if let name = campusShown { return "Latest at \(name)" }
        return "Latest on campus"
    }

    /// This search's address with some parameters changed: the query's parameters
    /// (`ListingQuery.queryItems`), the prices as typed, the view.
    func href(view: String? = nil, categories: [ListingCategory]? = nil, cursor: String? = nil, clearingFilters: Bool = false) -> String {
        var shown = clearingFilters ? ListingQuery(text: query.text, campus: query.campus, sort: query.sort) : query
        if let categories, !clearingFilters { shown.categories = categories }
        (shown.minPriceCents, shown.maxPriceCents) = (nil, nil)
        var items = shown.queryItems.map { ($0.name, $0.value ?? "") }
        if !clearingFilters {
            if !minText.isEmpty { items.append(("min", minText)) }
            if !maxText.isEmpty { items.append(("max", maxText)) }
        }
        if (view ?? self.view) == "grid" { items.append(("view", "grid")) }
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
        var sorts: [(value: String, label: Phrase)] = [(value: "", label: "Newest")]
        if !text.isEmpty { sorts = [(value: "", label: ListingSort.relevance.label), (value: "newest", label: "Newest")] }
        sorts += [ListingSort.priceAsc, .priceDesc].map { (value: $0.rawValue, label: $0.label) }
        let sortValue = query.sort == .newest && text.isEmpty ? "" : query.sort?.rawValue
        var fields: [FormField] = []
        if !campuses.isEmpty {
            // Left out of the address, a signed-in student's own campus; anyone else sees every campus.
            let first: (value: String, label: Phrase) = viewerCampus.map { (value: "", label: "My campus (\($0.name))") } ?? (value: "", label: "All campuses")
            var choices = [first]
            if viewerCampus != nil { choices.append((value: "all", label: "All campuses")) }
            choices += campuses.filter { $0.id != viewerCampus?.id }.map { (value: $0.id, label: .verbatim($0.name)) }
            fields.append(.select("campus", "Campus", choices: choices, selected: query.campus == "all" && viewerCampus == nil ? "" : query.campus))
        }
        return fields + [
            .select("offer", "Offer", choices: [(value: "", label: "Any")] + OfferKind.allCases.map { (value: $0.rawValue, label: $0.label) },
                    selected: query.offer?.rawValue),
            .select("condition", "Condition",
                    choices: [(value: "", label: "Any")] + ListingCondition.allCases.map { (value: $0.rawValue, label: $0.label) },
                    selected: query.condition?.rawValue),
            FormField("min", "Lowest price", value: minText, inputMode: "decimal"),
            FormField("max", "Highest price", value: maxText, inputMode: "decimal"),
            .select("sort", "Sort by", choices: sorts, selected: sortValue),
        ]
    }
}
