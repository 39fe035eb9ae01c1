import SQLKit

/// The parts of a full-text query that differ between SQLite FTS5 and PostgreSQL tsvector.
struct SearchDialect {
    let isPostgres: Bool

    /// Which side of the listings ⋈ full-text join SQLite walks first. Its planner cannot estimate
    /// full-text selectivity and, left alone, may re-run the text query once per listing.
    enum Drive {
        /// Walk the text matches in row-id order (newest first) and look each listing up.
        case text
        /// Walk listings through `index` and keep those among the text's matches, read once
        /// into a set (asking FTS5 about one row at a time re-runs the query for each row: about
        /// 80 µs a row, which made a price sort of a word with cheap matches take seconds).
        case listings(index: String)
        /// Walk the matches among featured listings only (SQLite's small `featured_fts`).
        case featured
    }

    struct Shape {
        var from: SQLQueryString
        var condition: SQLQueryString
        /// The expression that orders "newest": FTS5 walks its own row ids fastest.
        var seqColumn: String
    }

    /// `listings l`, on SQLite pinned to `index` when given (PostgreSQL plans for itself).
    func listings(index: String?) -> SQLQueryString {
        guard let index, !isPostgres else { return "listings l" }
        return "listings l INDEXED BY \(ident: index)"
    }

    /// The last word a person types may be unfinished: it matches as a prefix (`calc` finds
    /// "calculus") once it has this many characters. Shorter, it would match half the index.
    static let minPrefixLength = 2

    /// Whether token `index` of `tokens` is matched as a prefix: the last one, if long enough.
    static func isPrefix(_ index: Int, of tokens: [String]) -> Bool {
        index == tokens.count - 1 && tokens[index].count >= minPrefixLength
    }

    /// Tokens are letters and digits only (see `SearchText`), so quoting them cannot break the syntax.
    func textSearch(tokens: [String], tier: ListingSearch.Tier, drive: Drive) -> Shape {
        if isPostgres {
            func term(_ index: Int, weight: String) -> String {
                let flags = (Self.isPrefix(index, of: tokens) ? "*" : "") + weight
                return "'\(tokens[index])'" + (flags.isEmpty ? "" : ":" + flags)
            }
            let all = tokens.indices.map { term($0, weight: "") }.joined(separator: " & ")
            let primary = tokens.indices.map { term($0, weight: "A") }.joined(separator: " & ")
            let condition: SQLQueryString
            switch tier {
            case .any: condition = "l.search_vector @@ to_tsquery('english', \(bind: all))"
            case .primary: condition = "l.search_vector @@ to_tsquery('english', \(bind: primary))"
            case .secondary:
                condition = "l.search_vector @@ to_tsquery('english', \(bind: all)) AND NOT (l.search_vector @@ to_tsquery('english', \(bind: primary)))"
            }
            return Shape(from: "listings l", condition: condition, seqColumn: "l.seq")
        }
        let match = ftsMatch(tokens: tokens, tier: tier)
        let condition: SQLQueryString = "listings_fts MATCH \(bind: match)"
        // CROSS JOIN fixes SQLite's loop order: the left side is walked first.
        switch drive {
        case .featured:
            return Shape(from: "featured_fts CROSS JOIN listings l ON l.seq = featured_fts.rowid",
                         condition: "featured_fts MATCH \(bind: match)", seqColumn: "featured_fts.rowid")
        case .text:
            return Shape(from: "listings_fts CROSS JOIN listings l ON l.seq = listings_fts.rowid",
                         condition: condition, seqColumn: "listings_fts.rowid")
        case .listings(let index):
            return Shape(from: listings(index: index),
                         condition: "l.seq IN (SELECT rowid FROM listings_fts WHERE \(condition))", seqColumn: "l.seq")
        }
    }

    /// The FTS5 query: all tokens; for the primary tier, all of them in title, author, ISBN or course.
    func ftsMatch(tokens: [String], tier: ListingSearch.Tier) -> String {
        let phrases = tokens.indices.map { "\"\(tokens[$0])\"" + (Self.isPrefix($0, of: tokens) ? "*" : "") }.joined(separator: " ")
        let primary = "{title author isbn course_code} : (\(phrases))"
        switch tier {
        case .any: return phrases
        case .primary: return primary
        case .secondary: return "(\(phrases)) NOT (\(primary))"
        }
    }
}
