/// The listing editor's steps, in Teebay's order, shared by the web editor and the SDK's
/// `ListingEditorViewModel`. The textbook step shows only for a listing in textbooks; the
/// editor does not advance past a step while one of its fields is invalid.
public enum ListingEditorStep: String, CaseIterable, Sendable {
    case title, categories, details, textbook, photos, prices, summary

    public var label: Phrase {
        switch self {
        case .title: "Title"
        case .categories: "Categories"
        case .details: "Description"
        case .textbook: "Textbook"
        case .photos: "Photos"
        case .prices: "Prices"
        case .summary: "Summary"
        }
    }

    /// The `ListingInput` fields this step asks for, as `validated()` names their problems
    /// (a problem under `categories.2` belongs to `categories`).
    public var fields: [String] {
        switch self {
        case .title: ["title"]
        case .categories: ["categories"]
        case .details: ["description", "condition", "language"]
        case .textbook: ["textbook.author", "textbook.edition", "textbook.isbn", "textbook.courseCode", "textbook"]
        case .photos: ["photos"]
        case .prices: ["salePriceCents", "rentPriceCents", "rentUnit", "depositCents", "openToTrade", "offers", "currency"]
        case .summary: []
        }
    }

    /// Whether `field` (a problem's name from validation) is asked on this step.
    public func asks(_ field: String) -> Bool {
        fields.contains(field) || fields.contains(String(field.prefix { $0 != "." }))
    }

    /// The steps a listing goes through.
    public static func steps(isTextbook: Bool) -> [ListingEditorStep] {
        allCases.filter { $0 != .textbook || isTextbook }
    }
}
