import MarketCore

/// What a person typed in the search box, reduced to what the index can match: lower-cased
/// word tokens (so no character can break the query syntax) but the little ones
/// (`LittleWords`), or an ISBN.
struct SearchText: Sendable {
    let tokens: [String]
    /// Set when the text is a valid ISBN (either form, any hyphens): looked up exactly.
    let isbn: String?

    /// More words than this add cost and almost never precision.
    static let maxTokens = 8

    init(_ text: String) {
        isbn = ISBN.looksLikeISBN(text) ? ISBN.normalize(text) : nil
        tokens = LittleWords.dropped(from: SearchWords.of(text, limit: Self.maxTokens))
    }

    /// Nothing searchable (e.g. only punctuation): matches no listing.
    var isEmpty: Bool { tokens.isEmpty && isbn == nil }
}
