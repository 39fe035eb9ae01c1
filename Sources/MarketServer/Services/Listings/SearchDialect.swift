import MarketCore
import SQLKit

/// The parts of a full-text query that differ between SQLite FTS5 and PostgreSQL tsvector.
struct SearchDialect {
    let isPostgres: Bool

    /// Which side of the listings ⋈ full-text join SQLite walks first. Its planner cannot estimate
    /// full-text selectivity and, left alone, may re-run the text query once per listing.
    enum Drive {
        /// Walk the text matches in row-id order (newest first) and look each listing up.
        case text
        /// Walk listings in page order, each checked against the query (PostgreSQL's walk
        /// windows, `ListingSearch.windowEdge`; PostgreSQL picks the index named here).
        case listings(index: String)
        /// Read every match through the text index, whole query included, and sort them
        /// (PostgreSQL, past a walk window: `ListingSearch.windowEdge`; SQLite reads as `.text`).
        /// `kept`: planned once and kept prepared (`SearchPlan.keepsMatchesRead`).
        case matches(kept: Bool)
        /// Walk the matches among featured listings only (SQLite's small `featured_fts`;
        /// on PostgreSQL the featured listings, each checked against the query).
        case featured
        /// Walk listings `c ⋈ l` in `c`'s price order, each checked against the query (PostgreSQL:
        /// one word's listings by price, `ListingTerms.listings`).
        case terms(from: SQLQueryString)
        /// Walk the matches in price order (SQLite's `priced_fts`, whose row ids are places in that
        /// order, `PricedSearchIndex`).
        case priced
        /// Read the matches whose `priced_fts` row ids are in `keys` (a price range, SQLite) and
        /// sort them (`SearchPlan.mayReadPriceRange`).
        case pricedRange(keys: ClosedRange<Int64>)
        /// Walk the matches among one category's listings newest first (SQLite's `category_fts`,
        /// whose row ids are each category's stretch: `CategorySearchIndex`).
        case category(ListingCategory)

        /// Whether the statement's plan is the same whatever words and bounds are bound: a walk in
        /// page order bounded by its window, each listing checked on its row. Such a statement can
        /// be kept prepared (`PreparedQuery`). A read through the text index is planned for its
        /// words (how many listings each finds), and is not.
        var plansAlike: Bool {
            switch self {
            case .listings, .terms, .featured: true
            case .matches(let kept): kept
            case .text, .priced, .pricedRange, .category: false
            }
        }
    }

    struct Shape {
        var from: SQLQueryString
        var condition: SQLQueryString
        /// The expression that orders "newest": FTS5 walks its own row ids fastest.
        var seqColumn: String
        /// The table whose price and `seq` order a price sort: the one walked in that order.
        var orderTable = "l"
        /// A row id that orders a price sort by itself (`priced_fts.rowid`), bounded by a page's start.
        var priceKey: String?
        /// The row id of a listing's `seq` in the index walked, where it is not the `seq` itself
        /// (`category_fts`): a page's start bounds the walk only in row ids.
        var rowidOfSeq: ((Int64) -> Int64)?
    }

    /// `listings l`, on SQLite pinned to `index` when given (PostgreSQL plans for itself).
    func listings(index: String?) -> SQLQueryString {
        guard let index, !isPostgres else { return "listings l" }
        return "listings l INDEXED BY \(ident: index)"
    }

    /// The last word a person types may be unfinished: it matches as a prefix (`calc` finds
    /// "calculus") once it has this many characters. Shorter, it would match half the index.
    static let minPrefixLength = 2

    /// Whether token `index` of `tokens` is matched as a prefix: the last one, if long enough and
    /// not finished. Both databases stem a prefix before matching it: `camping*` is `camp*`, which
    /// "campus" matches. A word the stemmer takes two letters or more off ends in an ending
    /// (`camping`, `used`, `tables`, `calculator`): it was typed whole, and matches its stem's forms
    /// only. A lone s or e taken off keeps the prefix, as words typed in part end so (`des` for
    /// "desk", `coffe` for "coffee"). PostgreSQL's English stemmer is Porter's later one; where the
    /// two disagree on a rare word, the word is read as before, a prefix of its stem.
    static func isPrefix(_ index: Int, of tokens: [String]) -> Bool {
        guard index == tokens.count - 1, tokens[index].count >= minPrefixLength else { return false }
        return PorterStemmer.stem(tokens[index]).utf8.count > tokens[index].utf8.count - 2
    }

    /// Tokens are letters and digits only (see `SearchText`), so quoting them cannot break the syntax.
    /// `facets` are the search's filters the index holds as words (`SearchFacet`): asked of the
    /// index with the words, except where listings are walked and each checked against its row.
    /// `prefixWords`, when known, are the stored words the last token starts (PostgreSQL).
    func textSearch(tokens: [String], tier: SearchPlan.Tier, facets: [[SearchFacet]], drive: Drive,
                    prefixWords: [String]? = nil) -> Shape {
        if isPostgres {
            func query(_ indices: Range<Int>, weight: String) -> String { Self.tsquery(tokens, indices, weight: weight) }
            let primary = query(tokens.indices, weight: "A")
            let wanted = tier == .primary ? primary : query(tokens.indices, weight: "")
            // A prefix after whole words is checked on the rows the whole words find, not looked up:
            // the index answers a prefix by merging every word that starts with it (`oak des*`:
            // 5.5 ms at 1M listings, for `des`), where the whole words alone are one posting list.
            // `ts_match_vq` is `@@` in a form the planner does not take to the index.
            var prefixAfterWords = tokens.count > 1 && Self.isPrefix(tokens.count - 1, of: tokens)
            // Reading every match, the index intersects the words' lists, prefix included: the
            // whole words alone can be the commonest (`used climb*`: 660 ms for `used`).
            if case .matches = drive { prefixAfterWords = false }
            // Walking listings in page order (a walk window, `ListingSearch.windowEdge`), each is
            // checked against the query: given the index form, PostgreSQL read every match of the
            // words instead (25 ms for `desk*` under a price sort, against 1.5 ms for the window).
            var condition: SQLQueryString
            switch drive {
            case .listings, .terms:
                condition = Self.rowMatch(wanted)
            case .text, .matches, .featured, .priced, .pricedRange, .category:  // .priced, .pricedRange, .category: SQLite's only
                // The index holds no weights: the first tier asks `primary_vector`, which holds only
                // the primary fields' words (`SearchIndex.createPrimaryVector`), without them.
                let indexed = prefixAfterWords ? 0..<(tokens.count - 1) : tokens.indices
                condition = Self.indexMatch(tokens, indexed, prefixWords: prefixWords, facets: facets, tier: tier, once: drive.plansAlike)
                if prefixAfterWords { condition = "\(condition) AND \(Self.rowMatch(wanted))" }
            }
            if tier == .secondary { condition = "\(condition) AND NOT \(Self.rowMatch(primary))" }
            // The featured few are read through their index and each checked against the query:
            // left to plan, PostgreSQL intersected that index with the full-text index's bitmap of
            // every match (9 ms for `desk*` at 1M listings, against 0.15 ms). OFFSET 0 keeps the
            // text condition out of the subquery.
            if case .featured = drive {
                return Shape(from: "(SELECT * FROM listings WHERE featured_until IS NOT NULL OFFSET 0) AS l",
                             condition: condition, seqColumn: "l.seq")
            }
            if case .terms(let from) = drive { return Shape(from: from, condition: condition, seqColumn: "c.seq", orderTable: "c") }
            return Shape(from: "listings l", condition: condition, seqColumn: "l.seq")
        }
        if case .category(let category) = drive { return categoryText(ftsPhrases(tokens), tier: tier, category: category) }
        let match = ftsMatch(tokens: tokens, tier: tier, facets: facets)
        let condition: SQLQueryString = "listings_fts MATCH \(bind: match)"
        // CROSS JOIN fixes SQLite's loop order: the left side is walked first.
        switch drive {
        case .featured:
            return Shape(from: "featured_fts CROSS JOIN listings l ON l.seq = featured_fts.rowid",
                         condition: "featured_fts MATCH \(bind: match)", seqColumn: "featured_fts.rowid")
        case .priced:
            return Shape(from: "priced_fts CROSS JOIN listings l ON l.seq = \(unsafeRaw: PricedSearchIndex.seq)",
                         condition: "priced_fts MATCH \(bind: match)", seqColumn: "l.seq", priceKey: "priced_fts.rowid")
        case .pricedRange(let keys):
            return Shape(from: "priced_fts CROSS JOIN listings l ON l.seq = \(unsafeRaw: PricedSearchIndex.seq)",
                         condition: "priced_fts MATCH \(bind: match) AND priced_fts.rowid BETWEEN \(bind: keys.lowerBound) AND \(bind: keys.upperBound)",
                         seqColumn: "l.seq")
        case .text, .matches, .listings, .terms, .category:  // .listings, .terms: PostgreSQL's only; .category: above
            return Shape(from: "listings_fts CROSS JOIN listings l ON l.seq = listings_fts.rowid",
                         condition: condition, seqColumn: "listings_fts.rowid")
        }
    }

    /// The listing's vector has `tokens[indices]` (read in English) and `facets`, all asked of its
    /// GIN index at once: in the primary fields for the first tier (`primary_vector`), anywhere
    /// otherwise (`search_vector`).
    ///
    /// A prefix is asked as the stored words it starts (`prefixWords`, `QueryWords.prefix`) when
    /// they are known: the index answers a prefix by gathering every entry it starts into one
    /// list before intersecting, and the exact words by skipping through the lists together.
    /// `q=white` in notes by relevance (none there) read the first tier's index in 13.5 ms as
    /// `white:*` and 3.3 ms as `white`, at 1M listings. The words are stored lexemes, asked as
    /// they are (`::tsquery`), since the dictionary would stem a stem again.
    ///
    /// `once`: the query is made once per run, not for each row checked, in a statement kept
    /// prepared, whose plan is made for every value (`DatabaseSetup`): there `to_tsquery` of a
    /// bound word is not worked out while planning, and a row filter ran it for each row.
    static func indexMatch(_ tokens: [String], _ indices: Range<Int>, prefixWords: [String]?, facets: [[SearchFacet]],
                           tier: SearchPlan.Tier, once: Bool = false) -> SQLQueryString {
        var (words, exact) = (indices, [String]())
        if let last = indices.last, isPrefix(last, of: tokens), let prefixWords, !prefixWords.isEmpty {
            words = indices.lowerBound..<last
            exact.append("(" + prefixWords.map(lexeme).joined(separator: " | ") + ")")
        }
        if !facets.isEmpty { exact.append(SearchFacet.tsquery(facets)) }
        var parts: [SQLQueryString] = []
        if !words.isEmpty { parts.append("to_tsquery('english', \(bind: tsquery(tokens, words, weight: "")))") }
        if !exact.isEmpty { parts.append("\(bind: exact.joined(separator: " & "))::tsquery") }
        let vector: SQLQueryString = tier == .primary ? "l.primary_vector" : "l.search_vector"
        return "\(vector) @@ (\(unsafeRaw: once ? "SELECT " : "")\(parts.joined(separator: " && ")))"
    }

    /// The listing's row has the words of `query` (`tsquery` text), checked on the row: `ts_match_vq`
    /// is `@@` in a form the planner does not take to the index, and the query is made once per
    /// run (a sub-select), not for each row: in a plan made for every value (`DatabaseSetup`), a
    /// walk window of 2,000 listings spent 1.3 of its 1.7 ms stemming the bound word again on each.
    static func rowMatch(_ query: String) -> SQLQueryString {
        "ts_match_vq(l.search_vector, (SELECT to_tsquery('english', \(bind: query))))"
    }

    /// A stored lexeme as `tsquery` text: quoted, its quotes and backslashes escaped.
    private static func lexeme(_ word: String) -> String {
        "'" + PostgresInlinedStatement.escaped(word) + "'"
    }

    /// The PostgreSQL `tsquery` text for `tokens[indices]`, each in fields of `weight` ("" for any),
    /// or as its Spanish stem (`SpanishTerms`, never a prefix): `('oak':A | '0esoak':A) & ('des':*A | '0esdes':A)`.
    static func tsquery(_ tokens: [String], _ indices: some Collection<Int>, weight: String) -> String {
        indices.map { index in
            let flags = (isPrefix(index, of: tokens) ? "*" : "") + weight
            let word = "'\(tokens[index])'" + (flags.isEmpty ? "" : ":" + flags)
            guard let stem = SpanishTerms.asked(for: tokens[index]) else { return word }
            return "(\(word) | '\(stem)'\(weight.isEmpty ? "" : ":" + weight))"
        }.joined(separator: " & ")
    }

    /// The FTS5 query: all tokens in the text columns (never the facet words); for the primary
    /// tier, all of them in title, author, ISBN or course; and the facets.
    /// Each token also matches as its Spanish stem (`SpanishTerms`): `("mesas"* OR "0esmes")`.
    func ftsMatch(tokens: [String], tier: SearchPlan.Tier, facets: [[SearchFacet]]) -> String {
        let phrases = ftsPhrases(tokens)
        let anywhere = "{\(SearchIndex.current.indexedText.joined(separator: " "))} : (\(phrases))"
        let primary = "{\(SearchIndex.current.primaryText.joined(separator: " "))} : (\(phrases))"
        let filters = facets.isEmpty ? "" : " AND " + SearchFacet.fts5(facets)
        switch tier {
        case .any: return "(\(anywhere))" + filters
        case .primary: return "(\(primary))" + filters
        // The filters before the NOT: FTS5 then checks the title-first tier only for listings that
        // meet them. `q=wooden` in notes (none there), at 1M listings: 5.7 → 2.5 ms.
        case .secondary: return "((\(anywhere))\(filters)) NOT (\(primary))"
        }
    }

    /// Every token, the last as a prefix when it is one (`isPrefix`), each also as its Spanish stem.
    ///
    /// A prefix longer than the index's longest prefix index (`SearchIndex.longestPrefix`) is
    /// asked as its start of that length: FTS5 answers a longer one by merging every listing of
    /// every word it starts, the whole index's, into one list before reading a row: `lightweight*`
    /// (a word of many descriptions) took 16–20 ms in one category at 1M listings, where its
    /// first eight letters read from their prefix index take as long as any word. The words
    /// sharing eight letters are nearly always the typed word's own forms (`psycholo*`: psychology,
    /// psychological).
    private func ftsPhrases(_ tokens: [String]) -> String {
        tokens.indices.map { index in
            let prefix = Self.isPrefix(index, of: tokens)
            let longest = Self.longestPrefix
            let typed = prefix && longest > 0 ? String(tokens[index].prefix(longest)) : tokens[index]
            let word = "\"\(typed)\"" + (prefix ? "*" : "")
            return SpanishTerms.asked(for: tokens[index]).map { "(\(word) OR \"\($0)\")" } ?? word
        }.joined(separator: " AND ")
    }

    /// `SearchIndex.current.longestPrefix`, read from its options once rather than at each search.
    private static let longestPrefix = SearchIndex.current.longestPrefix

    /// SQLite: the matches of `phrases` in `category`'s stretch of `category_fts` for `tier`: the
    /// first tier's in the rows of primary fields, any other in the rows of all text. The second
    /// tier's leaves out the first's, read from their own stretch: an FTS5 `NOT` stepped through
    /// the excluded word's listings outside the stretch first (`q=used NOT used` in clothing:
    /// 33 ms at 1M listings, against 1 ms read apart). No column filter: each row holds only
    /// the text its tier reads.
    private func categoryText(_ phrases: String, tier: SearchPlan.Tier, category: ListingCategory) -> Shape {
        let kind: CategorySearchIndex.Kind = tier == .primary ? .primary : .all
        let keys = CategorySearchIndex.keys(category, kind)
        var condition: SQLQueryString = """
            category_fts MATCH \(bind: phrases) AND category_fts.rowid BETWEEN \(bind: keys.lowerBound) AND \(bind: keys.upperBound)
            """
        if tier == .secondary {
            let first = CategorySearchIndex.keys(category, .primary)
            condition = """
                \(condition) AND \(unsafeRaw: CategorySearchIndex.seq()) NOT IN (SELECT \(unsafeRaw: CategorySearchIndex.seq("t")) FROM category_fts t
                WHERE t.category_fts MATCH \(bind: phrases) AND t.rowid BETWEEN \(bind: first.lowerBound) AND \(bind: first.upperBound))
                """
        }
        return Shape(from: "category_fts CROSS JOIN listings l ON l.seq = \(unsafeRaw: CategorySearchIndex.seq())",
                     condition: condition, seqColumn: "category_fts.rowid",
                     rowidOfSeq: { CategorySearchIndex.key(category, kind, seq: $0) })
    }
}
